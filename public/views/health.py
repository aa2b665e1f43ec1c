"""Site-wide views that belong to no app."""

from django.http import HttpResponse
from django.views.decorators.http import require_safe


@require_safe
def healthz(request):
    """Liveness check for a load balancer, and the floor of ``make bench-web``: no database."""
    return HttpResponse("ok", content_type="text/plain")
