#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine's cores, without Foundation.
enum ProcessorCount {
    /// The number of cores online, at least 1.
    static var online: Int {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        let count = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return count > 0 ? Int(count) : 1
        #else
        return 1
        #endif
    }
}
