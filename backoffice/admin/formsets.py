"""Saving inline formsets through the actions: what the admin's change message needs.

The admins save each inline row through an action instead of ``formset.save()``; these helpers
list the rows ticked for deletion and record what ``save()`` would have recorded.
"""


def deleted_instances(formset) -> list:
    """The stored objects whose inline rows were ticked for deletion."""
    return [form.instance for form in formset.deleted_forms if form.instance.pk is not None]


def describe_formset(formset) -> None:
    """Set what ``formset.save()`` would have set, for the admin's change message."""
    kept = [
        form
        for form in formset.forms
        if form not in formset.deleted_forms and form.has_changed() and form.is_valid()
    ]
    formset.new_objects = [form.instance for form in kept if form.instance.pk is None]
    formset.changed_objects = [
        (form.instance, form.changed_data) for form in kept if form.instance.pk is not None
    ]
    formset.deleted_objects = deleted_instances(formset)
