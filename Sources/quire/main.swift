// The `quire` command line: arguments, messages and exit codes. No layout code here.
import Quire
#if canImport(Glibc)
import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
exit(CLI.run(arguments))
