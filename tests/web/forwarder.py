"""A TCP forwarder a browser test puts between Chromium and qiwangd, so that
"offline" is real: stop() closes the listener and every connection through
it, and nothing reaches the server until start() listens again on the same
port (Chromium's offline emulation cannot promise that around a reload).
Used by offline_reload_browser_test.py and journey_browser_test.py."""

import selectors
import socket
import threading


class Forwarder:
    """127.0.0.1:port -> target, until stop(); start() listens again on
    the same port."""

    def __init__(self, target_port):
        self.target_port = target_port
        self.port = 0
        self.lock = threading.Lock()
        self.sockets = []
        self.listener = None

    def start(self):
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.port = listener.getsockname()[1]
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,),
                         daemon=True).start()

    def stop(self):
        """Closes the listener and every connection through it."""
        # shutdown wakes the accepting thread (close alone would leave the
        # socket listening under it).
        try:
            self.listener.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.listener.close()
        with self.lock:
            for sock in self.sockets:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                sock.close()
            self.sockets = []

    def _accept(self, listener):
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # stopped
            try:
                server = socket.create_connection(
                    ("127.0.0.1", self.target_port))
            except OSError:
                client.close()
                continue
            with self.lock:
                self.sockets += [client, server]
            threading.Thread(target=self._pipe, args=(client, server),
                             daemon=True).start()

    @staticmethod
    def _pipe(a, b):
        selector = selectors.DefaultSelector()
        selector.register(a, selectors.EVENT_READ, b)
        selector.register(b, selectors.EVENT_READ, a)
        try:
            while True:
                for key, _ in selector.select():
                    data = key.fileobj.recv(65536)
                    if not data:
                        return
                    key.data.sendall(data)
        except (OSError, ValueError):
            return
        finally:
            a.close()
            b.close()
