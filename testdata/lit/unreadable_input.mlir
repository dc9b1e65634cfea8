// RUN: not tfrun %S 2>&1 | FileCheck %s
// RUN: not tfrun opt %S 2>&1 | FileCheck %s --check-prefix=OPT
// A directory given as the program: the message says why it cannot be read.
// CHECK: tfrun: cannot read input file '{{.*}}': Is a directory
// OPT: tfrun opt: cannot read input file '{{.*}}': Is a directory
