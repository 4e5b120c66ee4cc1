#ifndef XKCD_CCURL_H
#define XKCD_CCURL_H

/// Reports whether libcurl can be loaded at run time (it is opened with dlopen on first use).
int xkcd_curl_available(void);

#endif
