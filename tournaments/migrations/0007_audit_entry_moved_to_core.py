"""The audit trail's model moved to core (state only: the table and its rows stay)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0006_mcmahon_settings_and_entry_grades"),
        ("core", "0001_audit_entry_moved_from_tournaments"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="AuditEntry")],
        ),
    ]
