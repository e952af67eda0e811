"""The web platform: REST API, live updates over WebSocket, storage and the browser client.

Needs the ``server`` extra (FastAPI, uvicorn, SQLAlchemy, platformdirs, psycopg).
"""
