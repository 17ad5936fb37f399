"""The conversation files the app saves ($XDG_DATA_HOME/facet/facet/conversations/*/
conversation.json): what a reply looks like on disk after a switch or a stop."""

import glob
import json
import os


def load_all(data_home):
    out = []
    for path in glob.glob(os.path.join(data_home, "facet", "facet", "conversations", "*",
                                       "conversation.json")):
        with open(path, encoding="utf-8") as f:
            out.append((path, json.load(f)))
    return out


def find_by_question(data_home, question):
    """(path, the model's reply message) of the conversation whose first question is
    `question`; the reply is the message after it."""
    for path, doc in load_all(data_home):
        messages = doc.get("messages", [])
        for i, m in enumerate(messages):
            if m.get("role") == "user" and m.get("text") == question:
                reply = messages[i + 1] if i + 1 < len(messages) else None
                return path, reply
    return None, None
