// Stand-in for the CoreWCF.Primitives package, which the package source does not serve. Same assembly name, same full
// type names and the same public shape for the members the analyzers and fixes read; no behaviour.
using System;

namespace CoreWCF
{
    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Interface, Inherited = false)]
    public sealed class ServiceContractAttribute : Attribute
    {
        public string Name { get; set; }
        public string Namespace { get; set; }
        public string ConfigurationName { get; set; }
        public SessionMode SessionMode { get; set; }
        public Type CallbackContract { get; set; }
    }

    [AttributeUsage(AttributeTargets.Method)]
    public sealed class OperationContractAttribute : Attribute
    {
        public string Name { get; set; }
        public string Action { get; set; }
        public string ReplyAction { get; set; }
        public bool IsOneWay { get; set; }
        public bool IsInitiating { get; set; } = true;
        public bool IsTerminating { get; set; }
    }

    [AttributeUsage(AttributeTargets.Class)]
    public sealed class ServiceBehaviorAttribute : Attribute
    {
        public InstanceContextMode InstanceContextMode { get; set; }
        public ConcurrencyMode ConcurrencyMode { get; set; }
    }

    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Interface | AttributeTargets.Struct, AllowMultiple = true, Inherited = true)]
    public sealed class DataContractAttribute : Attribute
    {
        public string Name { get; set; }
        public string Namespace { get; set; }
    }

    public enum SessionMode { Allowed, Required, NotAllowed }
    public enum InstanceContextMode { PerSession, PerCall, Single }
    public enum ConcurrencyMode { Single, Reentrant, Multiple }

    public class FaultException : Exception
    {
        public FaultException() { }
        public FaultException(string reason) : base(reason) { }
    }

    public sealed class OperationContext
    {
        public static OperationContext Current { get; set; }
    }
}

namespace CoreWCF.Web
{
    [AttributeUsage(AttributeTargets.Method)]
    public sealed class WebGetAttribute : Attribute
    {
        public string UriTemplate { get; set; }
    }

    [AttributeUsage(AttributeTargets.Method)]
    public sealed class WebInvokeAttribute : Attribute
    {
        public string Method { get; set; }
        public string UriTemplate { get; set; }
    }
}
