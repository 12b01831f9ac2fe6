from django.contrib import admin

from players.models import Club, Membership, Player


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
