"""The demo model's training pipeline (retrain.sh runs its stages): the PyTorch twin of the
simulator (twin.py), the generated images and questions (make_data.py), the stages
(pretrain_vision.py, train.py, reading_stage.py, whole_cache.py) and the export to the
simulator's weights file (export.py). Each stage runs as `python3 -m facet_demo_model.NAME`
with tools/demo-model on PYTHONPATH, or in-process as NAME.main([...]) (the tests do)."""
