// An empty module: in generic form its region's one block is written
// `^bb0:`, since an empty `{}` would be a region without blocks.
module @m attributes {foo.a} {
}
