// Stand-in for the Grpc.Core.Api package, which the package source does not serve. Same full type names and the
// shape generated gRPC service bases rely on.
using System;
using System.Threading;
using System.Threading.Tasks;

namespace Grpc.Core
{
    [AttributeUsage(AttributeTargets.Class)]
    public class BindServiceMethodAttribute : Attribute
    {
        public BindServiceMethodAttribute(Type bindType, string bindMethodName)
        {
            BindType = bindType;
            BindMethodName = bindMethodName;
        }

        public Type BindType { get; }
        public string BindMethodName { get; }
    }

    public abstract class ServerCallContext
    {
        public CancellationToken CancellationToken => CancellationTokenCore;
        protected abstract CancellationToken CancellationTokenCore { get; }
    }

    public interface IServerStreamWriter<in T>
    {
        Task WriteAsync(T message);
    }

    public interface IAsyncStreamReader<out T>
    {
        T Current { get; }
        Task<bool> MoveNext(CancellationToken cancellationToken);
    }

    public class RpcException : Exception { }
}
