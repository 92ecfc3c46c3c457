import SwiftUI
import WidgetKit

/// TapCard's widget extension: the running focus session on the Home and Lock Screen, and on
/// iOS 18 a Control Center control that starts one.
@main
struct TapCardWidgets: WidgetBundle {
    var body: some Widget {
        FocusSessionWidget()
        #if canImport(AccessorySetupKit)
            if #available(iOS 18.0, *) {
                StartFocusControl()
            }
        #endif
    }
}
