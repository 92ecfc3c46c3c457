// The libFuzzer driver for every TapCard fuzz target (see scripts/fuzz.sh).
//
// SwiftPM cannot link a Swift `LLVMFuzzerTestOneInput` executable on this toolchain (the
// `-parse-as-library` route fails to link), so `main` is plain C: it picks a target by name from the
// first argument, then hands the remaining arguments to libFuzzer through `LLVMFuzzerRunDriver`. The
// targets themselves are Swift functions exported with `@_cdecl` from Fuzz/Targets.
//
// Usage: tapcard-fuzz <target> [libFuzzer options] [corpus directories or files]
//        tapcard-fuzz --list
//        tapcard-fuzz --max-len <target>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

// Exported by the Swift module TapCardFuzzTargets.
int tapcard_fuzz_target_count(void);
const char *tapcard_fuzz_target_name(int index);
int tapcard_fuzz_target_max_length(int index);
void tapcard_fuzz_run(int index, const uint8_t *data, size_t size);

static int selected = -1;

static int run_one(const uint8_t *data, size_t size) {
    tapcard_fuzz_run(selected, data, size);
    return 0;
}

static void list_targets(FILE *stream) {
    for (int index = 0; index < tapcard_fuzz_target_count(); index++) {
        fprintf(stream, "%s\n", tapcard_fuzz_target_name(index));
    }
}

int main(int argc, char **argv) {
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fprintf(stderr, "usage: %s <target> [libFuzzer options] [corpus...]\ntargets:\n", argv[0]);
        list_targets(stderr);
        return argc < 2 ? 64 : 0;
    }
    if (strcmp(argv[1], "--list") == 0) {
        list_targets(stdout);
        return 0;
    }
    // `--max-len <target>`: the longest input the target wants (scripts/fuzz.sh passes it as -max_len).
    if (strcmp(argv[1], "--max-len") == 0 && argc == 3) {
        for (int index = 0; index < tapcard_fuzz_target_count(); index++) {
            if (strcmp(argv[2], tapcard_fuzz_target_name(index)) == 0) {
                printf("%d\n", tapcard_fuzz_target_max_length(index));
                return 0;
            }
        }
        fprintf(stderr, "unknown fuzz target '%s'\n", argv[2]);
        return 64;
    }
    for (int index = 0; index < tapcard_fuzz_target_count(); index++) {
        if (strcmp(argv[1], tapcard_fuzz_target_name(index)) == 0) selected = index;
    }
    if (selected < 0) {
        fprintf(stderr, "unknown fuzz target '%s'; targets:\n", argv[1]);
        list_targets(stderr);
        return 64;
    }
    // libFuzzer sees the program name followed by its own options: drop the target name.
    argv[1] = argv[0];
    argc -= 1;
    argv += 1;
    return LLVMFuzzerRunDriver(&argc, &argv, run_one);
}
