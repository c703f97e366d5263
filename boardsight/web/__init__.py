"""The local review page ``boardsight serve``: see what was read, fix it in a click, get the verdicts.

A FastAPI app (:func:`boardsight.web.server.create_app`) serving one page of plain
JavaScript and SVG and the JSON API it uses under ``/api``. It needs the ``web`` extra
(``pip install 'boardsight[web]'``); every call into boardsight goes through
:mod:`boardsight.web.library`.
"""
