// The `quire` command line: arguments, messages and exit codes. No layout code here.
import Quire
#if canImport(Glibc)
import Glibc
#endif
// The command's allocator: importing the module links gperftools' tcmalloc, whose malloc then
// serves the whole process, the C libraries included. Why: Swift's values are many small
// blocks, and glibc's malloc and free were a tenth of a render's time; tcmalloc's per-thread
// caches take 5% of free-programming-books-langs' instructions off (docs/performance.md).
// The library leaves the allocator to its program; `ResidentMemory` finds tcmalloc's
// functions at run time when the process has them.
import CTCMalloc

let arguments = Array(CommandLine.arguments.dropFirst())
exit(CLI.run(arguments))
