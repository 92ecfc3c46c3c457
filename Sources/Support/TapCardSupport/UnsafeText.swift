/// The one definition of a character that is unsafe to show as itself: it can move a terminal's
/// cursor or change its state, reorder what a reader sees, or be invisible, so that two different
/// texts look alike (`https://exa<U+200B>mple.com/` beside `https://example.com/`).
///
/// - the C0 controls, DEL and the C1 controls;
/// - the line and paragraph separators U+2028 and U+2029;
/// - every Bidi_Control character (ALM U+061C, LRM, RLM, the embeddings, overrides and isolates);
/// - every Default_Ignorable_Code_Point (soft hyphen, zero-width space and joiners, word joiner,
///   BOM, variation selectors, tag characters…);
/// - every format character (General_Category Cf) besides: the interlinear annotation marks
///   U+FFF9–U+FFFB hide the text between them in some renderers, and the Arabic number signs
///   and other prepended marks change how the text after them is drawn.
///
/// The Unicode properties come from the platform's own Unicode data
/// (`Unicode.Scalar.Properties`), never a hand-made list. The terminal printer escapes these, the
/// URI rule refuses them, the NDEF codec flags a URI record holding one, and the tests' oracle
/// (scripts/check-terminal-escaping.py) lists them from the Unicode Character Database on its own.
public enum UnsafeText {
    public static func isUnsafeToShow(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
        default:
            let properties = scalar.properties
            return properties.isBidiControl || properties.isDefaultIgnorableCodePoint
                || properties.generalCategory == .format
        }
    }
}
