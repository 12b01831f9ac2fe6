from django.urls import path

from rulebook import views

urlpatterns = [
    path("", views.rules_index, name="rules_index"),
    path("search/", views.rules_search, name="rules_search"),
    path("<slug:game>/", views.rules_game, name="rules_game"),
    path("<slug:game>/section/<slug:anchor>/", views.rules_section, name="rules_section"),
    path("<slug:game>/paper/", views.paper_sheet, name="rules_paper"),
]
