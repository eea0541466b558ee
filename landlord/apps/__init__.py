"""Apps: the programs a teacher starts. The command line (:mod:`landlord.apps.cli`), the lesson
server (:mod:`landlord.apps.serve`) and the class server with its store and debrief
(:mod:`landlord.apps.classroom`)."""
