#include "ccurl.h"
#include <dlfcn.h>

int xkcd_curl_available(void) {
    void *handle = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL);
    return handle != 0;
}
