"""Charts: every Altair chart the kit draws (:mod:`landlord.charts.figures`) and the offline
bundle of their JavaScript, so no page asks the internet (:mod:`landlord.charts.bundle`)."""
