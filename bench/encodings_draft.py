import glob, json, time, sys, random
sys.path.insert(0, "/work/wt/hardening/src")
from hikaku.loaders._decode import decode_text
import charset_normalizer
texts = []
for p in sorted(glob.glob("/work/shared/eval/jp_law_egov/dev/*/a.json")):
    texts.append("\n".join(c["content"] for c in json.load(open(p))))
for p in sorted(glob.glob("/work/wt/hardening/examples/*.md")):
    texts.append(open(p).read())
random.seed(0)
samples = []
for t in texts:
    for n in (20, 50, 200, 2000, None):
        if n is None:
            samples.append(t)
        else:
            for _ in range(5):
                i = random.randrange(0, max(1, len(t) - n)); samples.append(t[i:i+n])
def cn(raw):
    r = charset_normalizer.from_bytes(raw).best()
    return None if r is None else str(r)
from collections import defaultdict
res = {"ours": [0, 0, 0.0], "charset_normalizer": [0, 0, 0.0]}
det = defaultdict(lambda: [0,0])
tl = defaultdict(float)
for enc in ("cp932", "euc_jp", "utf-8"):
    for s in samples:
        try: raw = s.encode(enc)
        except UnicodeEncodeError: continue
        for name, f in (("ours", lambda r: decode_text(r, "x")[0]), ("charset_normalizer", cn)):
            t0 = time.perf_counter()
            try: out = f(raw)
            except Exception as e: out = None
            res[name][2] += time.perf_counter() - t0
            res[name][1] += 1
            res[name][0] += out == s
            b = min(len(s), 5000)
            key=(name, enc, 20 if len(s)<=20 else 50 if len(s)<=50 else 200 if len(s)<=200 else 2000 if len(s)<=2000 else "full")
            det[key][0]+= out==s; det[key][1]+=1
            tl[(name, key[2])] += time.perf_counter() - t0
        # per-enc detail
print("samples", len(samples))
for k, (ok, n, t) in res.items(): print(k, ok, "/", n, f"{t:.2f}s")

for k in sorted(det, key=str): print(k, det[k])
for k in sorted(tl, key=str): print(k, round(tl[k],3))
