#if canImport(Glibc)
import Glibc
#endif

/// Which addresses `images.fetch public` refuses to connect to: loopback, private (RFC 1918,
/// unique local, carrier-grade NAT), link-local, multicast, unspecified and reserved ones,
/// IPv4 addresses inside IPv6 (mapped, NAT64) judged as IPv4. O(1).
package enum AddressPolicy {
    /// Why `address` (a `sockaddr` of `length` bytes) is refused, or nil when it is public.
    package static func refusal(_ address: UnsafeRawPointer, length: Int) -> String? {
        let family = Int32(address.load(as: sa_family_t.self))
        if family == AF_INET, length >= MemoryLayout<sockaddr_in>.size {
            let v4 = address.load(as: sockaddr_in.self)
            return refusal(ipv4: UInt32(bigEndian: v4.sin_addr.s_addr))
        }
        if family == AF_INET6, length >= MemoryLayout<sockaddr_in6>.size {
            let v6 = address.load(as: sockaddr_in6.self)
            let bytes = withUnsafeBytes(of: v6.sin6_addr) { Array($0) }
            return refusal(ipv6: bytes)
        }
        return "not an IP address"
    }

    /// Why the IPv4 address `a` (host order) is refused, or nil.
    package static func refusal(ipv4 a: UInt32) -> String? {
        let text = "\(a >> 24).\(a >> 16 & 255).\(a >> 8 & 255).\(a & 255)"
        func within(_ base: UInt32, _ bits: UInt32) -> Bool { bits == 0 || a >> (32 - bits) == base >> (32 - bits) }
        if within(0x7F00_0000, 8) { return "\(text) is a loopback address" }
        if within(0x0A00_0000, 8) || within(0xAC10_0000, 12) || within(0xC0A8_0000, 16) || within(0x6440_0000, 10) {
            return "\(text) is a private address"
        }
        if within(0xA9FE_0000, 16) { return "\(text) is a link-local address" }
        if within(0xE000_0000, 4) { return "\(text) is a multicast address" }
        if within(0x0000_0000, 8) || within(0xF000_0000, 4) { return "\(text) is a reserved address" }
        return nil
    }

    /// Why the IPv6 address `b` (16 bytes) is refused, or nil.
    package static func refusal(ipv6 b: [UInt8]) -> String? {
        let v4 = UInt32(b[12]) << 24 | UInt32(b[13]) << 16 | UInt32(b[14]) << 8 | UInt32(b[15])
        if b[0..<10].allSatisfy({ $0 == 0 }), b[10] == 0xFF, b[11] == 0xFF { return refusal(ipv4: v4) }  // ::ffff:a.b.c.d
        if b[0...3] == [0x00, 0x64, 0xFF, 0x9B], b[4..<12].allSatisfy({ $0 == 0 }) { return refusal(ipv4: v4) }  // 64:ff9b::/96
        if b[0..<15].allSatisfy({ $0 == 0 }) { return b[15] == 1 ? "::1 is a loopback address" : ":: is a reserved address" }
        if b[0] & 0xFE == 0xFC { return "\(text(b)) is a private address" }
        if b[0] == 0xFE, b[1] & 0xC0 == 0x80 { return "\(text(b)) is a link-local address" }
        if b[0] == 0xFF { return "\(text(b)) is a multicast address" }
        return nil
    }

    private static func text(_ b: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        return b.withUnsafeBytes { inet_ntop(AF_INET6, $0.baseAddress, &buffer, socklen_t(buffer.count)) } != nil
            ? String(cString: buffer) : "an IPv6 address"
    }
}
