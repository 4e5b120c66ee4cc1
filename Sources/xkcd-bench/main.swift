print("xkcd-bench")
