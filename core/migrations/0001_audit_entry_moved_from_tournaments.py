"""Move the audit trail's model from tournaments to core without touching its table.

State only: the table keeps its name (``tournaments_auditentry``) and every row. The
content type (and with it the admin permissions) is renamed to the new app.
"""

import django.core.serializers.json
import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


def rename_content_type(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label="core", model="auditentry").exists():
        ContentType.objects.filter(app_label="tournaments", model="auditentry").update(
            app_label="core"
        )


def restore_content_type(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    ContentType.objects.filter(app_label="core", model="auditentry").update(
        app_label="tournaments"
    )


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("players", "0002_club_organisers_player_user"),
        ("ratings", "0008_rating_list_version"),
        ("tournaments", "0006_mcmahon_settings_and_entry_grades"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='AuditEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('created_at', models.DateTimeField(db_index=True, default=django.utils.timezone.now, verbose_name='when')),
                        ('action', models.CharField(choices=[('result_entered', 'result entered'), ('result_corrected', 'result corrected'), ('game_added', 'board added'), ('game_deleted', 'board deleted'), ('round_paired', 'round paired'), ('pairings_discarded', 'pairings discarded'), ('round_published', 'pairings published'), ('boards_swapped', 'boards swapped'), ('board_edited', 'board edited'), ('bye_requested', 'bye requested'), ('bye_cancelled', 'bye cancelled'), ('player_withdrawn', 'player withdrawn'), ('player_changed', 'player changed'), ('player_merged', 'players merged'), ('player_deleted', 'player deleted'), ('tournament_changed', 'tournament changed'), ('tournament_deleted', 'tournament deleted'), ('period_closed', 'rating period closed'), ('period_reopened', 'rating period reopened'), ('starting_rating_set', 'starting rating set')], max_length=40, verbose_name='action')),
                        ('before', models.JSONField(blank=True, encoder=django.core.serializers.json.DjangoJSONEncoder, null=True, verbose_name='before')),
                        ('after', models.JSONField(blank=True, encoder=django.core.serializers.json.DjangoJSONEncoder, null=True, verbose_name='after')),
                        ('summary', models.TextField(verbose_name='summary')),
                        ('other_player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='players.player', verbose_name='second player')),
                        ('player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='audit_entries', to='players.player', verbose_name='player')),
                        ('rating_list', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='audit_entries', to='ratings.ratinglist', verbose_name='rating list')),
                        ('tournament', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='audit_entries', to='tournaments.tournament', verbose_name='tournament')),
                        ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='who')),
                    ],
                    options={
                        'db_table': 'tournaments_auditentry',
                        'verbose_name': 'audit entry',
                        'verbose_name_plural': 'audit entries',
                        'ordering': ['-created_at', '-pk'],
                    },
                ),
            ],
        ),
        migrations.RunPython(rename_content_type, restore_content_type),
    ]
