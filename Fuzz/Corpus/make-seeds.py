#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (Fuzz/Corpus/<Target>/seed-NN), a few dozen small
inputs each: the ordinary cases, the edges the code names (BOM, CRLF, blank lines, broken escapes,
control characters, marks without a base, ...) and some real names from Corpora/. Rerun after
editing; scripts/fuzz copies the seeds to a scratch directory, so fuzzing never adds files here."""
import pathlib
import shutil

here = pathlib.Path(__file__).resolve().parent
root = here.parent.parent
names = [line.split("\t")[0] for line in (root / "Corpora/contacts.tsv").read_text("utf-8").splitlines()[1:]]
cities = (root / "Corpora/city-names.txt").read_text("utf-8").splitlines()

def u(text):
    return text.encode("utf-8")

seeds = {}

seeds["FuzzLines"] = [
    b"", b"\n", b"Anna\n", b"Anna\nBo\nCecilia", b"\xef\xbb\xbfAnna\r\nBo\r\n", b"Anna\r\n\r\nBo\n",
    b"  \n\t\nAnna\n   \n", b" \r \n", b"\r\r\n", b"a\rb\n", b"Anna\rBo", b"\xef\xbb\xbf", b"\xef\xbb\xbf\n\n",
    b"Anna\n\xff\n", b"ok\n\xc3\n", b"\xe2\x82\n", b"\xe2\x82a\n", b"\xed\xa0\x80\n", b"\xc0\xaf\n",
    b"\xf4\x90\x80\x80\n", b"x" * 300 + b"\n", b"\x00\n\x00\x00\n", b"tab\there\n",
    u("\n".join(names[:12]) + "\n"), u("\n".join(cities[:12])), u("Åsa Lindgren\nÄrla Nyström\nÖrjan Ek\n42 Gatan AB\n"),
    u("e\u0301\n\u0301\n"), u("\u2028\u2029\u0085\n"), u("山田\nやまだ\nヤマダ\n"),
]

seeds["FuzzTSV"] = [
    b"", b"\n", b"name\n", b"name\nAnna\n", b"name\treading\nAnna\t\nBo\tbo\n", b"\xef\xbb\xbfname\r\nAnna\r\n",
    b"name\treading\nAnna\n", b"name\tname\nA\tB\n", b"\nname\nAnna\n", b"  \nname\n", b"name\n\nAnna\n \t\nBo\n",
    b"name\n\r\r\nAnna\n", b"name\nAnna\n\r\r\nBo\n", b"name\n \r \nAnna\n", b"\t\n\t\n", b"a\tb\tc\n1\t2\t3\n\t\t\n",
    b"name\n\xff\n", b"na\xc3me\nx\n", b"name\tx\nAnna\t\xe2\x82\n", b"\xef\xbb\xbf", b"name", b"name\r",
    u("name\treading\tfavorite\n山田\tやまだ\t1\n田中\tたなか\t\n"), u("e\u0301\t\u00e9\nx\ty\n"),
    u("\n".join((root / "Corpora/contacts.tsv").read_text("utf-8").split("\n")[:12]) + "\n"),
    u("\n".join((root / "Corpora/countries.tsv").read_text("utf-8").split("\n")[:10]) + "\n"),
]

long_q = "q=" + "a" * 256
seeds["FuzzQueryString"] = [u(s) for s in [
    "", "q=ann", "q=%C3%A5sa&fold=all&mode=words&offset=10&limit=50", "q=%E0%A4", "q=%zz", "q=%", "q=%4",
    "q=a&q=b", "a=1&&b=2", "&&", "q=+a+", "q", "=", "=x", "q==", "limit=1001", "limit=1000", "offset=-1",
    "limit=01000", "offset=2147483647", "offset=2147483648", "offset=99999999999999999999", "limit=",
    "fold=case&mode=prefix", "fold=Case", "mode=word", "fold=diacritics&mode=contains", long_q, long_q + "a",
    "q=%F0%9F%98%80", "q=%ED%A0%80", "q=%C0%AF", "cache=123&q=x", "%71=x", "q%3D=x", "q=caf%C3%A9&limit=0",
    "q=\u00e5", "limit=+1", "limit=1e3", "offset=0x10",
    "phonetic=&dialpad=1&q=5646", "phonetic=on&q=zs", "q=zurihc&typos=auto", "typos=maybe&q=stockholn",
    "minVersion=", "minVersion=42&q=an", "minVersion=9223372036854775807", "minVersion=9223372036854775808",
    "minVersion=00000000000000000000007", "minVersion=-1",
]]

seeds["FuzzWriteBodies"] = [u(s) for s in [
    '0{"locale":"sv","items":[{"text":"Åsa"}]}', '0{"locale":"sv","items":[]}', '0{"locale":1,"items":[]}',
    '0{"items":[{"text":"x"}]}', '0{"locale":"ja","items":[{"text":"山田","reading":"やまだ","pinned":true,"id":"a"}]}',
    '1{"items":[{"id":"n1","text":"Anna","reading":null,"pinned":false}]}', '1{"items":[{"text":"a\\tb"}]}',
    '1{"items":[{"text":"a\\u0000b"}]}', '1{"items":[{"text":"\\ud83d\\ude00"}]}', '1{"items":[{"text":"\\ud800"}]}',
    '1{"items":[{"text":"   "}]}', '1{"items":[{"text":""}]}', '1{"items":[{"text":"x","colour":"red"}]}',
    '1{"items":[{"text":"x","pinned":null}]}', '1{"items":[{"text":"x","pinned":"yes"}]}', '1{"items":{}}',
    '1{"items":[{"text":"\\u0085"}]}', '1{"items":[{"text":"\\u009f"}]}', '1{"items":[{"text":"\\u2028"}]}',
    '1{"items":[{"text":"x","id":""}]}', '1{"items":[{"text":"x","id":"a","reading":""}]}', '1[]', '1null', '1',
    '1{"items":[[[[[[[[[[[[[[]]]]]]]]]]]]]]}', '1{"items":[{"text":"\\"quoted\\" \\\\ back"}]}',
    '2{"text":"x"}', '2{"reading":null}', '2{"pinned":true}', '2{}', '2{"text":null}', '2{"text":"x","reading":"y","pinned":false}',
    '2{"id":"x"}', '1{"items":[{"text":"a"},{"text":"a"}]}', '1 {"items" : [ {"text" : "spaced"} ] } ',
    '1{"items":[{"text":"Jessica Acedo","fields":{"phone":"+34 844 123 456","company":"Acme"}}]}',
    '0{"locale":"en","items":[{"text":"x","fields":{}}],"search":{"fields":["company"],"phones":["phone"],"region":"ES"}}',
    '1{"items":[{"text":"x","fields":{"a":"b\\tc"}}]}', '1{"items":[{"text":"x","fields":{"":""}}]}',
    '1{"items":[{"text":"x","fields":{"a":1}}]}', '1{"items":[{"text":"x","fields":[]}]}',
]] + [b"1\xef\xbb\xbf{\"items\":[]}", b"1{\"items\":[{\"text\":\"\xff\"}]}", b"2{\"text\":\"" + u("Ärla") + b"\"}"]

seeds["FuzzFold"] = [bytes([f]) + u(s) for f, s in [
    (0, "Café"), (1, "Café"), (2, "Café"), (1, "ΕΛΛΆΔΑ ελλάδα ς"), (2, "ガギグ ヽヾ カタカナ"), (0, "ﬁ ß ẞ ǅ İ ı"),
    (1, "مُحَمَّد"), (1, "שָׁלוֹם"), (1, "\u0301abc"), (1, "e\u0301\u0302\u0303"), (1, "a\u0903\u0301"), (2, "øłđħæœı"),
    (0, "ＡＢＣ abc"), (0, "한국어 한글"), (1, "Đặng Thị"), (0, "\u00ad\u200b\ufeff"), (2, "ｶﾞｷﾞ"), (0, "Straße"),
    (30, "Ärla"), (61, "Örjan"), (7, "x" * 40), (1, "a\u0000é\u0000\u0000ŝ"), (0, "plain ascii"), (2, "\U0001F600\u200d"),
    (4, "\u1e9e\u0130"), (1, "\u0345\u03b9"), (2, "\u3099\u309a"), (1, "𝔄𝔅"),
]] + [b"\x01\xff", b"\x01abc\xc3", b"\x00\xed\xa0\x80", b"\x02a\x00\xe2\x82", b"\x05"]

seeds["FuzzWordStarts"] = [bytes([c]) + u(s) for c, s in [
    (0, "hello world"), (1, "can't stop, won't stop"), (2, "42 Gatan AB"), (0, "ภาษาไทย"), (3, "日本語のテキスト"),
    (0, "中文文本"), (5, "e.g. U.S.A."), (0, "a\u0000b c\u0000\u0000d"), (8, "👩‍👩‍👧 family"), (0, "  leading"),
    (1, "trailing  "), (0, "under_score hy-phen"), (2, "3.14 1,000"), (0, "Åsa-Lindgren"), (15, "a b c d e f g h i j k l m n o p q r"),
    (0, "مُحَمَّد علي"), (0, "שלום עולם"), (4, "한국어 텍스트"), (0, "e\u0301"), (0, ""),
]] + [b"\x00\xff word", b"\x03a\xc3 b", b"\x00\xe2\x82\xac", b"\x01\x00\x00"]

def search_seed(choice, flags, query, items):
    return bytes([choice, flags]) + u(query + "\n" + "\n".join(items))

sample = names[:40]
seeds["FuzzSearch"] = [
    search_seed(0, 0, "ann", sample), search_seed(1, 0, "an", sample), search_seed(2, 0, "a", sample),
    search_seed(3, 1, "an", sample), search_seed(6, 0, "a", sample), search_seed(9, 3, "å", ["Åsa Lindgren", "Anders Berg", "Ärla Nyström", "Örjan Ek", "42 Gatan AB"]),
    search_seed(28, 0, "ch", ["Chloé", "Čapek", "Cihla", "Hana"]), search_seed(36, 0, "や", ["山田", "やまだ", "ヤマダ", "たなか"]),
    search_seed(38, 1, "カ", ["カタカナ", "かたかな", "ｶﾀｶﾅ"]), search_seed(45, 0, "李", ["李白", "王维", "杜甫"]),
    search_seed(54, 0, "محمد", ["مُحَمَّد", "علي"]), search_seed(63, 0, "ελλαδα", ["Ελλάδα", "Αθήνα"]),
    search_seed(1, 0, "  cafe ", ["Café", "CAFE", "cafeteria", "ca fe"]), search_seed(4, 0, "fe", ["Café au lait", "le fe"]),
    search_seed(7, 0, "st", ["Straße", "STRASSE", "ﬆ"]), search_seed(2, 0, "o", ["Øresund", "Łódź", "Œuvre", "ıi"]),
    search_seed(1, 0, "", sample[:10]), search_seed(1, 0, "\u00ad", ["a", "b\u00adc"]), search_seed(1, 0, "\u0301", ["\u0301x", "é"]),
    search_seed(0, 0, "aa", ["a" * 30, "aa aa", "ba" * 10]), search_seed(1, 0, "ab", ["ab" * 20, "ba" * 20]),
    search_seed(3, 0, "x", ["", "", "x"]), search_seed(7, 250, "a", sample), search_seed(1, 0, "n", ["n"] * 12),
    search_seed(5, 0, "s", cities[:30]), search_seed(8, 0, "san", cities[:30]), search_seed(0, 0, "ǅ", ["ǅemal", "džemal", "DŽEMAL"]),
]

for target, inputs in seeds.items():
    folder = here / target
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for i, data in enumerate(inputs):
        (folder / f"seed-{i:02d}").write_bytes(data)
    print(f"{target}: {len(inputs)} seeds")
