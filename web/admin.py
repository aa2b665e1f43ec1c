"""The machinery every admin of ours shares.

Writes with side effects go through the actions. An action refuses bad input with a
``ValidationError``; :class:`ServiceAdminMixin` turns it into a form error and writes nothing:
the actions' checks run in the form's validation (:meth:`ServiceAdminMixin.check_form`), and
what an action refuses only under its lock is shown on the same bound form, rendered once.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages as admin_messages
from django.contrib.admin import helpers
from django.contrib.admin.options import IS_POPUP_VAR, TO_FIELD_VAR
from django.core.exceptions import ValidationError
from django.db.models import Model
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as admin_gettext  # Django's titles, not ours

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


class Refused(Exception):
    """A service refused while the admin saved: the refusal with the bound form and inline
    formsets of the post, carried out of the admin's transaction (which rolls back whatever
    the save wrote) to be shown again."""

    def __init__(self, rejection: ServiceRejected, form: forms.BaseForm, formsets: list):
        super().__init__(str(rejection))
        self.rejection = rejection
        self.form = form
        self.formsets = formsets


class BoundedModelForm(BoundedFormMixin, forms.ModelForm):
    """The admin's default form: dates in their windows, integers in their columns' ranges
    (:mod:`core.validators`)."""


class ServiceAdminMixin:
    """Change forms whose refusals are form errors, on one run of the view, nothing written.

    - Before saving, the form's validation calls :meth:`check_form`: the admin calls there
      the actions' checks, which raise ``ValidationError`` without writing, so a refusal is
      an ordinary form error (on the field it names, else above the form).
    - Saving writes nothing in ``save_model``: :meth:`save_related`, which Django calls next
      with the form and the inline formsets, runs :meth:`write_model` (the admin's own, calls
      its action through :func:`call_service`) and then :meth:`write_related` (the inlines,
      through ``save_formset``). What an action still refuses (under its lock: a value taken
      meanwhile) leaves the admin's ``transaction.atomic`` block, so everything the request
      wrote is rolled back, and :meth:`changeform_view` shows the same bound form and
      formsets with the refusal, rendered once by ``render_change_form``.

    Dates and integers are bounded (:class:`BoundedModelForm`).
    """

    form = BoundedModelForm
    #: The add form creates through an action that takes ``submission=`` (``write_model``
    #: passes :meth:`submission`): it carries a one-time token, so sending it twice adds one
    #: row.
    creates_once = False

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        adding = self.creates_once and object_id is None and request.method == "POST"
        try:
            if adding:  # a repeat: the first post's answer, before the form's own checks
                submissions.refuse_repeat(submissions.posted(request.POST), request.user)
            try:
                response = super().changeform_view(request, object_id, form_url, extra_context)
            except Refused as refused:
                response = self.render_refused(request, refused, object_id, form_url, extra_context)
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

    def check_form(self, request, form: forms.BaseModelForm, change: bool) -> None:
        """Refuse what the actions would refuse by calling their checks: raise
        ``ValidationError`` (shown on the field it names, else above the form); nothing may be
        written here. Called once the form is otherwise valid, ``form.instance`` carrying the
        posted values."""

    def save_model(self, request, obj, form, change):
        """Nothing yet: :meth:`save_related` writes the row, where the formsets are known."""

    def save_related(self, request, form, formsets, change):
        try:
            self.write_model(request, form.instance, form, change)
            self.write_related(request, form, formsets, change)
        except ServiceRejected as rejection:
            raise Refused(rejection, form, formsets) from rejection

    def write_model(self, request, obj, form, change) -> None:
        """Write the row through its action (``call_service``; :func:`adopt` the saved row)."""
        raise NotImplementedError

    def write_related(self, request, form, formsets, change) -> None:
        """Write the many-to-many fields and the inlines (``save_formset``)."""
        super().save_related(request, form, formsets, change)

    def render_refused(self, request, refused: Refused, object_id, form_url, extra_context):
        """The change form of the refused post again: its bound form and formsets with the
        refusal, as the admin shows a form that did not validate."""
        form, formsets = refused.form, refused.formsets
        add_rejection(form, refused.rejection)
        add = object_id is None or "_saveasnew" in request.POST
        obj = None if add else form.instance
        if add:  # the row a service created was rolled back with the rest
            form.instance.pk = None
        fieldsets = self.get_fieldsets(request, obj)
        admin_form = helpers.AdminForm(
            form,
            list(fieldsets),
            self.get_prepopulated_fields(request, obj),
            self.get_readonly_fields(request, obj),
            model_admin=self,
        )
        inline_formsets = self.get_inline_formsets(
            request, formsets, self.get_inline_instances(request, obj), obj
        )
        media = self.media + admin_form.media
        for inline_formset in inline_formsets:
            media += inline_formset.media
        title = admin_gettext("Add %s") if add else admin_gettext("Change %s")
        context = {
            **self.admin_site.each_context(request),
            "title": title % self.opts.verbose_name,
            "subtitle": str(obj) if obj else None,
            "adminform": admin_form,
            "object_id": object_id,
            "original": obj,
            "is_popup": IS_POPUP_VAR in request.POST or IS_POPUP_VAR in request.GET,
            "to_field": request.POST.get(TO_FIELD_VAR, request.GET.get(TO_FIELD_VAR)),
            "media": media,
            "inline_admin_formsets": inline_formsets,
            "errors": helpers.AdminErrorList(form, formsets),
            "preserved_filters": self.get_preserved_filters(request),
            **(extra_context or {}),
        }
        return self.render_change_form(
            request, context, add=add, change=not add, obj=obj, form_url=form_url
        )

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
        admin = self

        class CheckedForm(form_class):
            def validate_unique(self):
                # A model form's last check, after ``form.instance`` took the posted values
                # and passed the model's own validation: then the actions' checks.
                super().validate_unique()
                if not self.errors:
                    try:
                        admin.check_form(request, self, obj is not None)
                    except ValidationError as error:
                        add_rejection(self, ServiceRejected(error))

        CheckedForm.__name__ = form_class.__name__
        return CheckedForm


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
