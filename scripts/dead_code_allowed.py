"""What the dead-code check (``scripts/dead_code.py``, vulture) may take for unused, each with why.
Vulture reads this file as code: a name here (``_.name``) counts as used wherever it is defined. Add a name only
when something outside Python's own calls uses it (a library, a name in a string, pytest).
"""
# ruff: noqa: B018

_ = object()

# pytest finds these by name
_.pytestmark  # a module's markers
_.pytest_configure, _.pytest_collection_modifyitems, _.pytest_sessionfinish, _.pytest_unconfigure  # hooks
_.store_backend, _.report_axe, _.report_timings, _.no_games, _.kernel_env  # fixtures (autouse, or asked for by name)

# entry points and names in strings or configuration
_.ForkingProvisioner  # pyproject.toml: the jupyter_client.kernel_provisioners entry point
_.ForkingKernelManager  # lessons/voila.json and the class server name it as a class path
_.__getattr__, _.__dir__  # module hooks (PEP 562): landlord's face and landlord.widgets
_.mtime  # kept.py: an argument of a functools.cache'd reader, there as the cache's key
_.created  # store.py: a row's column, read by name from the store's rows
_.popitem  # entries.py: a frozen entry refuses dict's mutators by name

# methods and attributes another library calls or reads
_.load_bytecode, _.dump_bytecode, _.bytecode_cache  # Jinja's bytecode cache (page_templates.py)
_.last_activity, _.pgid, _.connection_file, _.notebook_data  # Jupyter's kernel managers
_.monitor_interval  # tqdm
_.__qualname__, _.__signature__, _.__class__  # functools, inspect and pickling; tests' stand-ins
_.KEEP_GAME_LOG, _.publish_msg, _._message_bytes_out, _._compressor  # the simulator, ipykernel, tornado
_._vl_selections, _.strokeDash  # Altair's JupyterChart and encodings
_.icon, _.flex, _.placeholder  # ipywidgets' traits and layouts
_.student_app, _.teacher_app  # the class notebooks (lessons/class-*.ipynb) call them

_.theme  # landlord/rules/monopoly/params.py: the Mucker theme param, declared so its data loads typed
