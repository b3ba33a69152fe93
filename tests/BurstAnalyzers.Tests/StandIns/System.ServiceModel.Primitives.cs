// Stand-in for classic WCF's System.ServiceModel attributes (System.ServiceModel.dll on .NET Framework,
// System.ServiceModel.Primitives on .NET), which the package source does not serve. Same full type names.
using System;

namespace System.ServiceModel
{
    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Interface, Inherited = false)]
    public sealed class ServiceContractAttribute : Attribute
    {
        public string Name { get; set; }
        public string Namespace { get; set; }
    }

    [AttributeUsage(AttributeTargets.Method)]
    public sealed class OperationContractAttribute : Attribute
    {
        public string Name { get; set; }
        public string Action { get; set; }
        public string ReplyAction { get; set; }
        public bool IsOneWay { get; set; }
    }
}
