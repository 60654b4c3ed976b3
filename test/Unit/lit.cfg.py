# -*- Python -*-
# Runs the GoogleTest binaries of build/unittests, one lit test per TEST().
import os

import lit.formats

config.name = "ASCUBE-Unit"
config.suffixes = []
config.test_exec_root = os.path.join(config.ascube_obj_root, "unittests")
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
