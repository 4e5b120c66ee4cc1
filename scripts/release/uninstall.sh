#!/bin/sh
# Removes the files ./install.sh put under a prefix (default ~/.local), keeping xkcd's data:
#   ./uninstall.sh [--prefix DIR]      or      PREFIX=DIR ./uninstall.sh
XKCD_INSTALL_NAME=uninstall.sh exec "$(dirname "$0")/install.sh" --uninstall "$@"
