"""The vision encoder's attention run a chunk of queries at a time (twin.attention_in_chunks,
used where the vision side is frozen: train.py --freeze-vision, whole_cache.py) equals the
twin's whole-matrix attention: two layers of two heads, padding patches among the keys, a chunk
size that does not divide the patch count. And a local side (every o_proj zero:
reading_stage.py --local, the committed model's) run without attention (attention=False, what
train.py and whole_cache.py choose when twin.Twin.vision_attends() is false) equals the same
side run with it; vision_attends() is true as soon as one o_proj is not zero."""

import torch

from facet_demo_model import twin


TOLERANCE = 1e-4  # relative to the largest output: float32 summed in another order (2e-6);
# a lost padding mask gives ~1


def main():
    torch.manual_seed(5)
    vision = dict(twin.VISION, layers=2, heads=2, intermediate=256)
    model = twin.Twin(vision=vision, used_tokens=list(range(10)))
    for layer in model.vision_layers:  # o_proj starts small; make attention matter
        torch.nn.init.normal_(layer.o_proj, std=0.5)
    pw, ph = 13, 11
    ys, xs = torch.meshgrid(torch.arange(ph), torch.arange(pw), indexing="ij")
    positions = torch.stack([xs.reshape(-1), ys.reshape(-1)], 1)
    positions[-9:] = -1  # padding patches: no key may attend to them
    pixels = torch.rand(len(positions), 3 * twin.PATCH * twin.PATCH)
    with torch.no_grad():
        emb, pad = model.vision_inputs(pixels, positions, exact=False)
        whole = model.vision_encoder(emb, positions, pad, attention=True)
        worst = 0.0
        for chunk in (1, 7, 50, 1024):
            got = model.vision_encoder(emb, positions, pad, attention=True, chunk=chunk)
            worst = max(worst, ((got - whole)[~pad].abs().max() / whole.abs().max()).item())
    print(f"chunked attention vs whole: worst relative difference {worst:.2e} "
          f"(tolerance {TOLERANCE})")
    assert worst <= TOLERANCE, worst
    assert model.vision_attends(), "a side whose o_proj are not zero attends"

    with torch.no_grad():
        model.vision_layers[0].o_proj.zero_()
        assert model.vision_attends(), "one layer's o_proj is still not zero"
        model.vision_layers[1].o_proj.zero_()
        assert not model.vision_attends(), "every o_proj is zero: a local side"
        attended = model.vision_encoder(emb, positions, pad, attention=True)
        skipped = model.vision_encoder(emb, positions, pad, attention=False)
        local = ((skipped - attended)[~pad].abs().max() / attended.abs().max()).item()
    print(f"local side without attention vs with it: relative difference {local:.2e} "
          f"(tolerance {TOLERANCE})")
    assert local <= TOLERANCE, local


if __name__ == "__main__":
    main()
