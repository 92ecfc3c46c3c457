import TapCardSupport

/// A MIFARE Classic lock refused before its first trailer write: the preflight found sectors
/// whose trailer TapCard could not rewrite. Every sector the lock touches is checked first (its
/// trailer read, its access bits, key B authenticated), because a trailer written read-only can
/// never be written again: a lock that stopped half-way would leave a card that is neither
/// writable nor locked. Nothing was written.
public struct ClassicLockPreflightRefusal: TapCardError, Equatable {
    /// One sector the lock cannot rewrite, and why.
    public struct Obstacle: Sendable, Equatable {
        public var sector: Int
        public var reason: Reason

        public init(sector: Int, reason: Reason) {
            self.sector = sector
            self.reason = reason
        }
    }

    public enum Reason: Sendable, Equatable {
        /// The card refused the transport key `FFFFFFFFFFFF` as key B (another key B).
        case keyBRefused
        /// The trailer's access bits (`bits`, hex) do not let key B write the trailer.
        case accessBits(String)
        /// The trailer could not be read with the sector's public key A.
        case trailerUnreadable
    }

    public var obstacles: [Obstacle]
    /// The sectors the lock would have written.
    public var planned: [Int]

    public init(obstacles: [Obstacle], planned: [Int]) {
        self.obstacles = obstacles
        self.planned = planned
    }

    /// The card refused a key (key B), or TapCard judged the trailer: a refusal either way.
    public var origin: ErrorOrigin {
        obstacles.contains { $0.reason == .keyBRefused } ? .tag : .refusal
    }

    public var sentence: String {
        let parts = obstacles.map { obstacle -> String in
            switch obstacle.reason {
            case .keyBRefused:
                "sector \(obstacle.sector) refused the transport key ffffffffffff as key B (its key B was changed)"
            case .accessBits(let bits):
                "sector \(obstacle.sector)'s access bits \(bits) do not let key B rewrite its trailer"
            case .trailerUnreadable:
                "sector \(obstacle.sector)'s trailer could not be read with its public key A"
            }
        }
        return
            "The lock was refused before anything was written: it must rewrite the trailers of sectors \(planned.map(String.init).joined(separator: ", ")), and \(parts.joined(separator: "; ")). A lock that stopped part-way would leave sectors read-only for good beside sectors still writable, so TapCard locks no sector until it has proven it can lock every one."
    }
}
