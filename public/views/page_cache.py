"""The whole-page cache of the public rating pages for visitors who are not signed in."""

from urllib.parse import urlencode

from django.core.cache import cache
from django.http import HttpResponse, QueryDict
from django.template.response import TemplateResponse

from core.cache import PAGE_CACHE_SECONDS, cache_key, list_versions, page_query


class AnonymousPageCacheMixin:
    """A public page served whole from the cache to visitors who are not signed in.

    The key is the path, the query parameters the page understands (``page_parameters``,
    normalised and sorted by :func:`core.cache.page_query`), the language and the versions
    of all rating lists: a replay bumps its list's version, so an entered result shows at
    once (the per-part caches below bound the rest by ``PAGE_CACHE_SECONDS``). The page is
    rendered from those parameters only, so junk in the query string can neither miss the
    cache nor end up in the cached page. Signed-in users see role-dependent navigation and
    history, so they always get a fresh page. A page holding a CSRF token (tied to one
    visitor) is never stored.
    """

    #: The query parameters the page reads; every other one is ignored.
    page_parameters: tuple[str, ...] = ()

    def dispatch(self, request, *args, **kwargs):
        if request.method != "GET":
            return super().dispatch(request, *args, **kwargs)
        query = page_query(request.GET, self.page_parameters)
        request.GET = QueryDict(urlencode(query))  # immutable, as Django's own
        if request.user.is_authenticated:
            return super().dispatch(request, *args, **kwargs)
        request.list_versions = list_versions()
        key = cache_key("page", request.path, query, request.list_versions)
        content = cache.get(key)
        if content is not None:
            return HttpResponse(content)
        response = super().dispatch(request, *args, **kwargs)
        if response.status_code == 200 and isinstance(response, TemplateResponse):
            response.render()
            if b"csrfmiddlewaretoken" not in response.content:
                cache.set(key, response.content, PAGE_CACHE_SECONDS)
        return response
