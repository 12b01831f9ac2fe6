from django.contrib import admin

from players.models import Club, Guest, Membership, Player


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "personal", "personal_owner", "created_at"]
    inlines = [MembershipInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "user"]
    list_filter = ["club"]
    search_fields = ["name"]


@admin.register(Guest)
class GuestAdmin(admin.ModelAdmin):
    """Guests waiting to sign up; ``manage.py purge_guests`` removes the old ones."""

    list_display = ["user", "created_at"]
    date_hierarchy = "created_at"
