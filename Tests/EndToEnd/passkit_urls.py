"""The URL configuration of the test PassKit server: django-walletpass's views at the root."""
from django.urls import include, path

urlpatterns = [path("", include("django_walletpass.urls"))]


class NoPush:
    """django-walletpass's push backend for these tests: Linux has no Apple push service (the
    wallet registers and then pulls), so a changed pass notifies nobody."""

    class Sent:
        status = "200"

    def push_notification_from_instance(self, registration):
        return self.Sent()
