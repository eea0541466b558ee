"""Charts: every Altair chart the kit draws (:mod:`landlord.charts.figures`), the scenario lab's
(:mod:`landlord.charts.lab`), what the front ends add to them (:mod:`landlord.charts.dressing`:
size, the seats' colours, the rewind brush; :mod:`landlord.charts.fit`: fitted to a phone), their
numbers in words and tables (:mod:`landlord.charts.numbers`), and the offline bundle of their
JavaScript, so no page asks the internet (:mod:`landlord.charts.bundle`)."""
