#!/usr/bin/env bash
# Exits 0 when every Thread Sanitizer report in FILE is the one the Swift runtime is known
# to give for a continuation resumed on another thread while its task is still suspending
# (swiftlang/swift#57803; seen again on Swift 6.2.3 in gh123man/Async-Channels#25): a
# write by `withUnsafeContinuation` and a read by `UnsafeContinuation.resume`, or the other
# way round, of one word of the awaiting task's frame (memory of the task allocator). The
# runtime orders the two with an atomic the sanitizer does not see. Exits 1 when FILE
# holds any other report, or none.
#
#   .ci/tsan-continuation-reports.sh FILE
set -euo pipefail
awk '
    /WARNING: ThreadSanitizer:/ { reports++; inReport = 1; access = 0; allocation = 0; awaiting = 0; resuming = 0; frame = 0; next }
    inReport && /^  (Previous )?([Rr]ead|[Ww]rite|[Aa]tomic [Rr]ead|[Aa]tomic [Ww]rite) of size/ { access = 1; next }
    inReport && access && /^    #0 / {
        if ($0 ~ /\$ss22withUnsafeContinuation/) awaiting = 1
        else if ($0 ~ /\$sScc6resume(9returning|8throwing)/) resuming = 1
        access = 0
        next
    }
    inReport && /allocated by thread/ { allocation = 1; next }
    inReport && allocation && /swift::StackAllocator/ { frame = 1; allocation = 0; next }
    inReport && /^SUMMARY: ThreadSanitizer/ {
        if (awaiting && resuming && frame) known++
        inReport = 0
        next
    }
    END { exit (reports > 0 && reports == known) ? 0 : 1 }
' "$1"
