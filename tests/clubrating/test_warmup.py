"""An app server compiles the site's templates and builds its URL resolver at start, not in
its first requests (``clubrating.warmup``, called by the WSGI entry point)."""

import importlib

from django.template import engines
from django.urls import get_resolver

from clubrating import warmup


def _cached_loader():
    loader = engines["django"].engine.template_loaders[0]
    assert type(loader).__module__ == "django.template.loaders.cached"
    return loader


def test_the_wsgi_entry_point_compiles_every_site_template_before_a_request():
    loader = _cached_loader()
    loader.reset()
    assert "public/ratings/player.html" not in loader.get_template_cache

    import clubrating.wsgi

    importlib.reload(clubrating.wsgi)

    names = warmup.site_templates()
    assert "public/ratings/player.html" in names
    assert "backoffice/organiser/round.html" in names
    assert set(names) <= set(loader.get_template_cache)
    assert get_resolver()._populated


def test_warm_says_how_many_templates_it_compiled():
    assert warmup.warm() == len(warmup.site_templates())


def test_the_wsgi_entry_point_freezes_the_start_and_collects_the_young_less_often():
    import gc

    threshold = gc.get_threshold()
    try:
        import clubrating.wsgi

        importlib.reload(clubrating.wsgi)
        assert gc.get_threshold() == (10_000, 50, 100)
        assert gc.get_freeze_count() > 10_000  # Django, the app, its templates
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


def test_the_app_is_called_from_a_frame_with_room_for_the_requests_frames():
    import clubrating.wsgi

    application = clubrating.wsgi.application
    assert application.__code__.co_stacksize >= warmup.FRAME_ROOM == 8_500
    assert application.__wrapped__.__class__.__name__ == "WSGIHandler"


def test_the_roomy_frame_passes_the_call_and_its_answer_through():
    calls = []

    def app(environ, start_response):
        calls.append((environ, start_response))
        return [b"answer"]

    roomy = warmup.roomy(app)
    assert roomy({"PATH_INFO": "/"}, print) == [b"answer"]
    assert calls == [({"PATH_INFO": "/"}, print)]
    assert 8_500 < roomy.__code__.co_stacksize < 8_600
