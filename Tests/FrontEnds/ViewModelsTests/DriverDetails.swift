#if os(Linux)
    import TagWorkflows

    @testable import ViewModels

    /// The type's own report behind a screen, for the per-type phone tests: the view models read
    /// the detail only through the contract, so these accessors live here, not in the front end.
    extension TagInfo {
        var type4Inspection: Type4Inspection? {
            if case .type4Inspection(let inspection)? = detail { return inspection }
            return nil
        }
        var type5Inspection: Type5Inspection? {
            if case .type5Inspection(let inspection)? = detail { return inspection }
            return nil
        }
        var type3Inspection: Type3Inspection? {
            if case .type3Inspection(let inspection)? = detail { return inspection }
            return nil
        }
    }

    extension WriteReportCard {
        var type4Report: Type4WriteReport? {
            if case .type4(let report)? = outcome?.detail { return report }
            return nil
        }
        var type5Report: Type5WriteReport? {
            if case .type5(let report)? = outcome?.detail { return report }
            return nil
        }
        var type3Report: Type3WriteReport? {
            if case .type3(let report)? = outcome?.detail { return report }
            return nil
        }
    }

    extension LockViewModel {
        var type4Report: Type4LockReport? {
            if case .type4Lock(let report)? = driverReport?.detail { return report }
            return nil
        }
        var type5Report: Type5LockReport? {
            if case .type5Lock(let report)? = driverReport?.detail { return report }
            return nil
        }
        var type3Report: Type3LockReport? {
            if case .type3Lock(let report)? = driverReport?.detail { return report }
            return nil
        }
    }
#endif
