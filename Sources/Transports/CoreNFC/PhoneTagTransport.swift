#if canImport(CoreNFC)
    import TagTransport

    /// The tag of a running phone session as a raw ``/TagTransport/TagTransport`` (`sendMiFareCommand`; iOS
    /// adds the CRC), so TapCard's own Type 2 workflows can run on the phone too. Valid only
    /// inside ``CoreNFCTagSessions/withTransport(_:_:)``; afterwards every command fails with the
    /// way the session ended.
    public final class PhoneTagTransport: TagTransport {
        private let tag: ConnectedTag

        init(_ tag: ConnectedTag) { self.tag = tag }

        /// The UID the tag announced.
        public var uid: [UInt8] { tag.uid }

        public func transceive(_ command: [UInt8]) async throws(TransportError) -> [UInt8] {
            try await tag.transceive(command)
        }
    }
#endif
