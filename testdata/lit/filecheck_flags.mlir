// RUN: echo 'hello world' | FileCheck %s --check-prefix=HI
// RUN: echo 'hello world' | FileCheck --check-prefixes=HI %s -dump-input=fail
// RUN: echo 'hello world' > %t && FileCheck %s --check-prefix=HI --input-file=%t
// RUN: echo 'hello world' | not FileCheck %s --check-prefix=BYE
// RUN: echo 'hello world' | not FileCheck %s --check-prefix=NOPE 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not FileCheck %s --ignore-case < /dev/null 2>&1 | FileCheck %s --check-prefix=UNSUP
// `tfrun filecheck` (FileCheck in RUN lines) takes FileCheck's flags; a
// prefix no directive uses fails, as FileCheck does, and a flag tfrun does
// not support is refused, not ignored.
// HI: hello {{w.*}}
// BYE: goodbye
// ERR: error: no check strings found with prefix 'NOPE:'
// UNSUP: tfrun filecheck: option '--ignore-case' is not supported
