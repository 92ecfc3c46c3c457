import TagWorkflows

extension NTAG424SetupRefusal {
    /// The refusal in the phone's words: the workflow's names the CLI's flag.
    var phoneSentence: String {
        if case .confirmationRequired = self {
            return
                "Changing keys locks you out if the new keys are lost: type \(SecureTagViewModel.confirmationPhrase) to confirm. Nothing was written."
        }
        return sentence
    }
}
