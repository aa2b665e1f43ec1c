"""The machinery every admin of ours shares.

Writes with side effects go through the actions. An action refuses bad input with a
``ValidationError``; :class:`ServiceAdminMixin` turns it into a form error and writes nothing.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages as admin_messages
from django.core.exceptions import ValidationError
from django.db.models import Model
from django.http import HttpResponseRedirect
from django.urls import reverse

from core import submissions
from core.validators import BoundedFormMixin


class ServiceRejected(Exception):
    """A service refused the admin's input; carries the error and a prefix for its messages."""

    def __init__(self, error: ValidationError, prefix: str = ""):
        super().__init__(str(error))
        self.error = error
        self.prefix = prefix


def call_service(function, /, *, prefix: str = "", **kwargs: Any):
    """Call a write service; turn its ``ValidationError`` into :class:`ServiceRejected`."""
    try:
        return function(**kwargs)
    except ValidationError as error:
        raise ServiceRejected(error, prefix) from error


def adopt(obj: Model, saved: Model) -> None:
    """Make the admin's unsaved ``obj`` stand for the row a service created."""
    obj.pk = saved.pk
    obj._state.adding = False
    obj._state.db = saved._state.db


def add_rejection(form: forms.BaseForm, rejection: ServiceRejected) -> None:
    """Show a service's error on ``form``: on the field it names, else above the form."""
    error = rejection.error
    if hasattr(error, "error_dict"):
        items = [(name, messages) for name, messages in error.message_dict.items()]
    else:
        items = [(None, error.messages)]
    for name, messages in items:
        target = name if name in form.fields else None
        form.add_error(target, [f"{rejection.prefix}{message}" for message in messages])


class BoundedModelForm(BoundedFormMixin, forms.ModelForm):
    """The admin's default form: dates in their windows, integers in their columns' ranges
    (:mod:`core.validators`)."""


class ServiceAdminMixin:
    """Run the change form so that a refused service call becomes a form error.

    ``save_model``/``save_formset`` call services through :func:`call_service`. When one
    refuses, the exception leaves the admin's ``transaction.atomic`` block, so everything the
    request wrote is rolled back; the view then runs again on the same POST with a form whose
    ``clean()`` reports the error, so the user sees the form with the message and nothing saved.
    Dates and integers are bounded (:class:`BoundedModelForm`).
    """

    form = BoundedModelForm
    #: The add form creates through an action that takes ``submission=`` (``save_model`` passes
    #: :meth:`submission`): it carries a one-time token, so sending it twice adds one row.
    creates_once = False

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        adding = self.creates_once and object_id is None and request.method == "POST"
        try:
            if adding:  # a repeat: the first post's answer, before the form's own checks
                submissions.refuse_repeat(submissions.posted(request.POST), request.user)
            try:
                response = super().changeform_view(request, object_id, form_url, extra_context)
            except ServiceRejected as rejection:
                request.service_rejection = rejection
                response = super().changeform_view(request, object_id, form_url, extra_context)
            if adding and response.status_code == 200:
                # Refused while the first post of the same token committed meanwhile (its
                # name, say, now taken by itself): this is a repeat, answered like one.
                submissions.refuse_repeat(submissions.posted(request.POST), request.user)
            return response
        except submissions.AlreadySubmitted as done:
            self.message_user(request, done.message, admin_messages.INFO)
            opts = self.model._meta
            changelist = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
            return HttpResponseRedirect(done.url or changelist)

    def get_fields(self, request, obj=None):
        fields = list(super().get_fields(request, obj))
        if self.creates_once and obj is None and submissions.FIELD not in fields:
            fields.append(submissions.FIELD)
        return fields

    def submission(self, form) -> submissions.Submission | None:
        """The add form's token; repeats go to the list, where the first post went."""
        opts = self.model._meta
        return submissions.of(form, reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"))

    def get_form(self, request, obj=None, change=False, **kwargs):
        if self.creates_once and obj is None:
            base = kwargs.get("form", self.form)
            kwargs["form"] = type(
                base.__name__, (base,), {submissions.FIELD: submissions.SubmissionField()}
            )
        form_class = super().get_form(request, obj, change, **kwargs)
        rejection = getattr(request, "service_rejection", None)
        if rejection is None:
            return form_class

        class RejectedForm(form_class):
            def clean(self):
                cleaned_data = super().clean()
                add_rejection(self, rejection)
                return cleaned_data

        return RejectedForm


class GuardedDeleteMixin:
    """Deletion through a service that refuses rows rated games depend on.

    ``delete_blockers(obj)`` returns the reasons (empty: deletable). The delete page of such
    a row redirects to its change page with the reason; the bulk "delete selected" action
    lists the reasons as protected objects and deletes nothing; ``delete_model`` and
    ``delete_queryset`` go through ``delete_service`` (which checks again, in its
    transaction).
    """

    delete_service: Any = None  # staticmethod(<app>.services.delete_<model>)

    def delete_blockers(self, obj) -> list[str]:
        raise NotImplementedError

    def delete_view(self, request, object_id, extra_context=None):
        obj = self.get_object(request, object_id)
        if obj is not None and request.user.is_staff:
            blockers = self.delete_blockers(obj)
            if blockers:
                for reason in blockers:
                    self.message_user(request, reason, admin_messages.ERROR)
                opts = self.model._meta
                return HttpResponseRedirect(
                    reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk])
                )
        return super().delete_view(request, object_id, extra_context)

    def get_deleted_objects(self, objs, request):
        deleted, model_count, perms_needed, protected = super().get_deleted_objects(objs, request)
        blockers = [reason for obj in objs for reason in self.delete_blockers(obj)]
        if blockers:  # the page shows the reasons, not the missing permissions
            return deleted, model_count, set(), [*blockers, *protected]
        return deleted, model_count, perms_needed, protected

    def _call_delete(self, request, obj) -> bool:
        try:
            self.delete_service(**{self.model._meta.model_name: obj, "actor": request.user})
        except ValidationError as error:
            for message in error.messages:
                self.message_user(request, message, admin_messages.ERROR)
            return False
        return True

    def delete_model(self, request, obj):
        self._call_delete(request, obj)

    def delete_queryset(self, request, queryset):
        for obj in queryset:
            if not self._call_delete(request, obj):
                return


class ViewOnlyAdminMixin:
    """For derived data: staff may look, nobody edits by hand."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
