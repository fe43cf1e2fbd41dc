// Search folding: the one routine that turns text into what search compares (see TIText.h).
//
// The folds, each applied to the output of the previous step:
//   case        NFKC_Casefold (ICU's nfkc_cf): case, width, compatibility forms, ß → ss, ς → σ.
//   diacritics  case, then canonical decomposition; drop every nonspacing mark (gc Mn) whose base is a
//               Latin, Greek or Cyrillic letter, every Arabic tashkeel (U+064B–U+065F, U+0670) and every
//               Hebrew point (the Mn characters in U+0591–U+05C7); recompose (NFC).
//               The base of a mark is the nearest preceding code point that is not a mark (gc M*), so all
//               Mn of a combining sequence go when its base is such a letter, even behind an Mc or Me.
//               A mark with no base (at the start of the text) stays.
//   all         diacritics, plus katakana → hiragana and ø→o ł→l đ→d ħ→h æ→ae œ→oe ı→i (applied to the
//               decomposed text, before recomposition, so that ガ becomes が).
//
// Offsets: every code point carries the UTF-16 span of the input it came from. Without spans the
// normalizers run over whole strings; with spans they run piece by piece, cut where ICU guarantees a
// normalization boundary (`hasBoundaryBefore`), which by ICU's contract gives the same text.
#include "BridgeInternal.hpp"
#include "FoldInternal.hpp"
#include "TIText.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <cstring>
#include <string>
#include <vector>

namespace {

using Unit = ti::FoldUnit;

struct Normalizers {
    const icu::Normalizer2 *casefold = nullptr;
    const icu::Normalizer2 *nfd = nullptr;
    const icu::Normalizer2 *nfc = nullptr;
    UErrorCode error = U_ZERO_ERROR;
};

const Normalizers &normalizers() {
    // ICU's normalizer instances are immutable singletons, safe to share between threads.
    static const Normalizers shared = [] {
        Normalizers n;
        n.casefold = icu::Normalizer2::getNFKCCasefoldInstance(n.error);
        n.nfd = icu::Normalizer2::getNFDInstance(n.error);
        n.nfc = icu::Normalizer2::getNFCInstance(n.error);
        return n;
    }();
    return shared;
}

bool isMark(int8_t category) {
    return category == U_NON_SPACING_MARK || category == U_ENCLOSING_MARK || category == U_COMBINING_SPACING_MARK;
}

bool isLatinGreekCyrillicLetter(UChar32 c, int8_t category) {
    if (category < U_UPPERCASE_LETTER || category > U_OTHER_LETTER) { return false; }
    UErrorCode error = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript(c, &error);
    return U_SUCCESS(error) && (script == USCRIPT_LATIN || script == USCRIPT_GREEK || script == USCRIPT_CYRILLIC);
}

/// Marks removed whatever their base: Arabic tashkeel and Hebrew points.
bool isAlwaysRemovedMark(UChar32 c) {
    return (c >= 0x064B && c <= 0x065F) || c == 0x0670 || (c >= 0x0591 && c <= 0x05C7);
}

/// Appends the `all` fold's replacement of `u.c` (one or two code points) to `out`.
void appendBaseLetter(const Unit &u, std::vector<Unit> &out) {
    UChar32 c = u.c;
    switch (c) {
    case 0x00F8: c = 'o'; break;  // ø
    case 0x0142: c = 'l'; break;  // ł
    case 0x0111: c = 'd'; break;  // đ
    case 0x0127: c = 'h'; break;  // ħ
    case 0x0131: c = 'i'; break;  // ı
    case 0x00E6: out.push_back({'a', u.start, u.end}); c = 'e'; break;  // æ
    case 0x0153: out.push_back({'o', u.start, u.end}); c = 'e'; break;  // œ
    case 0x30FD: c = 0x309D; break;  // ヽ → ゝ
    case 0x30FE: c = 0x309E; break;  // ヾ → ゞ
    default:
        if (c >= 0x30A1 && c <= 0x30F6) { c -= 0x60; }  // katakana ァ…ヶ → hiragana ぁ…ゖ
        break;
    }
    out.push_back({c, u.start, u.end});
}

/// Runs `normalizer` over `in`, giving every output code point the span of the piece it came from.
/// With `pieces`, cuts `in` before every code point that has a normalization boundary before it;
/// otherwise normalizes the whole and gives every output code point the whole span.
/// False on failure, with `error` set.
bool normalizeUnits(const icu::Normalizer2 *normalizer, const std::vector<Unit> &in, bool pieces,
                    std::vector<Unit> &out, icu::UnicodeString &scratchIn, icu::UnicodeString &scratchOut,
                    UErrorCode &error) {
    out.clear();
    size_t i = 0;
    while (i < in.size()) {
        size_t j = i + 1;
        if (pieces) {
            while (j < in.size() && !normalizer->hasBoundaryBefore(in[j].c)) { ++j; }
        } else {
            j = in.size();
        }
        int32_t start = in[i].start, end = in[i].end;
        scratchIn.remove();
        for (size_t k = i; k < j; ++k) {
            scratchIn.append(in[k].c);
            if (in[k].start < start) { start = in[k].start; }
            if (in[k].end > end) { end = in[k].end; }
        }
        normalizer->normalize(scratchIn, scratchOut, error);
        if (U_FAILURE(error)) { return false; }
        for (int32_t k = 0; k < scratchOut.length();) {
            UChar32 c = scratchOut.char32At(k);
            out.push_back({c, start, end});
            k += U16_LENGTH(c);
        }
        i = j;
    }
    return true;
}

/// The folding pipeline with reusable buffers. One per thread.
class Folder {
public:
    /// Folds UTF-16 `text` into `outs[fold]` for every fold whose bit is set in `foldMask`.
    /// `pieces` chooses piecewise normalization (exact spans) over whole-string normalization.
    /// False on failure, with `error` set.
    bool fold(const icu::UnicodeString &text, unsigned foldMask, bool pieces, std::vector<Unit> outs[TI_FOLD_COUNT],
              UErrorCode &error) {
        const Normalizers &n = normalizers();
        if (U_FAILURE(n.error)) {
            error = n.error;
            return false;
        }
        source_.clear();
        for (int32_t i = 0; i < text.length();) {
            UChar32 c = text.char32At(i);
            int32_t next = i + U16_LENGTH(c);
            source_.push_back({c, i, next});
            i = next;
        }
        std::vector<Unit> &folded = outs[TI_FOLD_CASE];
        if (!normalizeUnits(n.casefold, source_, pieces, folded, scratchIn_, scratchOut_, error)) { return false; }
        if ((foldMask & ~(1u << TI_FOLD_CASE)) == 0) { return true; }

        // Decompose code point by code point and drop marks. Canonical reordering is left to the
        // final NFC, which accepts any canonically equivalent input.
        stripped_.clear();
        bool baseIsLetter = false;  // is the current combining sequence's base a Latin/Greek/Cyrillic letter?
        for (const Unit &u : folded) {
            decomposition_.remove();
            if (u.c < 0xC0 || !n.nfd->getDecomposition(u.c, decomposition_)) {
                decomposition_.setTo(u.c);
            }
            for (int32_t k = 0; k < decomposition_.length();) {
                UChar32 c = decomposition_.char32At(k);
                k += U16_LENGTH(c);
                int8_t category = u_charType(c);
                if (isMark(category)) {
                    if (category == U_NON_SPACING_MARK && (baseIsLetter || isAlwaysRemovedMark(c))) { continue; }
                } else {
                    baseIsLetter = isLatinGreekCyrillicLetter(c, category);
                }
                stripped_.push_back({c, u.start, u.end});
            }
        }
        if (foldMask & (1u << TI_FOLD_DIACRITICS)) {
            if (!normalizeUnits(n.nfc, stripped_, pieces, outs[TI_FOLD_DIACRITICS], scratchIn_, scratchOut_, error)) {
                return false;
            }
        }
        if (foldMask & (1u << TI_FOLD_ALL)) {
            based_.clear();
            for (const Unit &u : stripped_) { appendBaseLetter(u, based_); }
            if (!normalizeUnits(n.nfc, based_, pieces, outs[TI_FOLD_ALL], scratchIn_, scratchOut_, error)) { return false; }
        }
        return true;
    }

private:
    std::vector<Unit> source_, stripped_, based_;
    icu::UnicodeString scratchIn_, scratchOut_, decomposition_;
};

char lowerASCII(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + ('a' - 'A')) : c; }

/// The three folds of every BMP character that folds on its own, made once per process: a text
/// made only of such characters folds character by character, by table, with each folded byte's
/// span its character, exactly as the normalizers fold it whole (ThumbIndexTests' FoldTableTests
/// compares the two on random texts).
///
/// A character stands alone when NFKC_Casefold has a boundary before it (the case fold cuts the
/// text there); the decomposition of its case fold does not start with a mark (no mark of it is kept
/// or dropped for a base before it); and that first code point, as the diacritics and the all folds
/// leave it, has an NFC boundary before it (nothing before it composes with it). Empty folds (a
/// soft hyphen) stand alone too.
struct CharacterFolds {
    std::vector<uint8_t> alone;
    /// Every character's fold under TI_FOLD_* `f`, back to back, and 0x10001 offsets into it.
    std::string bytes[TI_FOLD_COUNT];
    std::vector<uint32_t> starts[TI_FOLD_COUNT];
};

const CharacterFolds &characterFolds() {
    // Leaked on purpose, as every table of the bridge: a thread may still fold (a load's warm-up, a
    // request) while static destructors run at exit, and a destroyed table would crash it.
    static const CharacterFolds &table = *[] {
        auto *made = new CharacterFolds();
        CharacterFolds &t = *made;
        t.alone.assign(0x10000, 0);
        for (int f = 0; f < TI_FOLD_COUNT; ++f) { t.starts[f].assign(1, 0); }
        const Normalizers &n = normalizers();
        Folder folder;
        std::vector<Unit> outs[TI_FOLD_COUNT], based;
        icu::UnicodeString one, decomposition;
        for (UChar32 c = 0; c <= 0xFFFF; ++c) {
            bool alone = U_SUCCESS(n.error) && !(c >= 0xD800 && c <= 0xDFFF) && n.casefold->hasBoundaryBefore(c);
            UErrorCode error = U_ZERO_ERROR;
            if (alone) {
                one.setTo(c);
                alone = folder.fold(one, (1u << TI_FOLD_COUNT) - 1, true, outs, error);
            }
            if (alone && !outs[TI_FOLD_CASE].empty()) {
                UChar32 first = outs[TI_FOLD_CASE][0].c;
                decomposition.remove();
                if (first < 0xC0 || !n.nfd->getDecomposition(first, decomposition)) { decomposition.setTo(first); }
                UChar32 d = decomposition.char32At(0);
                based.clear();
                appendBaseLetter({d, 0, 1}, based);
                alone = !isMark(u_charType(d)) && n.nfc->hasBoundaryBefore(d) && n.nfc->hasBoundaryBefore(based[0].c);
            }
            t.alone[static_cast<size_t>(c)] = alone ? 1 : 0;
            for (int f = 0; f < TI_FOLD_COUNT; ++f) {
                if (alone) { ti::appendUTF8(outs[f], t.bytes[f], nullptr); }
                t.starts[f].push_back(static_cast<uint32_t>(t.bytes[f].size()));
            }
        }
        return made;
    }();
    return table;
}

/// Whether `fold` is one of the TI_FOLD_COUNT folds; if not, says so in `status` for `caller`.
bool isFold(int32_t fold, const char *caller, TIStatus *status) {
    if (fold >= 0 && fold < TI_FOLD_COUNT) { return true; }
    ti::setStatus(status, U_ILLEGAL_ARGUMENT_ERROR, std::string(caller) + ": unknown fold " + std::to_string(fold));
    return false;
}

/// Whether every character of the valid UTF-8 `utf8` stands alone (see `CharacterFolds`).
bool standsAlone(const CharacterFolds &t, const char *utf8, int32_t length) {
    int32_t i = 0;
    while (i < length) {
        UChar32 c;
        U8_NEXT(utf8, i, length, c);
        if (c < 0 || c > 0xFFFF || !t.alone[static_cast<size_t>(c)]) { return false; }
    }
    return true;
}

/// Appends the fold `fold` of `utf8`, whose every character stands alone, to `out`, and with
/// `spans`, each byte's span: its character's UTF-16 range.
void foldByCharacters(const CharacterFolds &t, const char *utf8, int32_t length, int32_t fold, std::string &out,
                      std::vector<Unit> *spans) {
    int32_t i = 0, utf16 = 0;
    while (i < length) {
        UChar32 c;
        U8_NEXT(utf8, i, length, c);
        uint32_t start = t.starts[fold][static_cast<size_t>(c)], end = t.starts[fold][static_cast<size_t>(c) + 1];
        out.append(t.bytes[fold], start, end - start);
        if (spans != nullptr) {
            for (uint32_t k = start; k < end; ++k) { spans->push_back({c, utf16, utf16 + 1}); }
        }
        utf16 += 1;
    }
}

}  // namespace

namespace ti {

void appendUTF8(const std::vector<FoldUnit> &units, std::string &out, std::vector<FoldUnit> *spans) {
    for (const FoldUnit &u : units) {
        uint8_t bytes[U8_MAX_LENGTH];
        int32_t length = 0;
        UBool error = false;
        U8_APPEND(bytes, length, U8_MAX_LENGTH, u.c, error);
        (void)error;  // code points from the normalizers and the folds are always valid scalar values
        out.append(reinterpret_cast<const char *>(bytes), static_cast<size_t>(length));
        if (spans != nullptr) {
            for (int32_t k = 0; k < length; ++k) { spans->push_back(u); }
        }
    }
}

int32_t copyFolded(const std::string &bytes, const std::vector<FoldUnit> *spans, char *out, int32_t capacity,
                   int32_t *spanStarts, int32_t *spanEnds) {
    int32_t needed = static_cast<int32_t>(bytes.size());
    if (needed <= capacity) {
        std::memcpy(out, bytes.data(), bytes.size());
        if (spans != nullptr) {
            for (int32_t i = 0; i < needed; ++i) { spanStarts[i] = (*spans)[i].start; spanEnds[i] = (*spans)[i].end; }
        }
    }
    return needed;
}

bool isASCII(const char *utf8, int32_t length) {
    for (int32_t i = 0; i < length; ++i) {
        if (static_cast<unsigned char>(utf8[i]) >= 0x80) { return false; }
    }
    return true;
}

}  // namespace ti

extern "C" {

int32_t ti_fold_utf8(const char *utf8, int32_t length, int32_t fold, char *out, int32_t capacity,
                     int32_t *spanStarts, int32_t *spanEnds, TIStatus *status) {
    if (!isFold(fold, "ti_fold_utf8", status)) { return -1; }
    bool wantSpans = spanStarts != nullptr && spanEnds != nullptr;
    if (ti::isASCII(utf8, length)) {
        if (length <= capacity) {
            for (int32_t i = 0; i < length; ++i) {
                out[i] = lowerASCII(utf8[i]);
                if (wantSpans) { spanStarts[i] = i; spanEnds[i] = i + 1; }
            }
        }
        return length;
    }
    const CharacterFolds &table = characterFolds();
    if (standsAlone(table, utf8, length)) {
        thread_local std::string bytes;
        thread_local std::vector<Unit> spans;
        bytes.clear();
        spans.clear();
        foldByCharacters(table, utf8, length, fold, bytes, wantSpans ? &spans : nullptr);
        return ti::copyFolded(bytes, wantSpans ? &spans : nullptr, out, capacity, spanStarts, spanEnds);
    }
    return ti_fold_utf8_normalizing(utf8, length, fold, out, capacity, spanStarts, spanEnds, status);
}

int32_t ti_fold_utf8_normalizing(const char *utf8, int32_t length, int32_t fold, char *out, int32_t capacity,
                                 int32_t *spanStarts, int32_t *spanEnds, TIStatus *status) {
    if (!isFold(fold, "ti_fold_utf8_normalizing", status)) { return -1; }
    bool wantSpans = spanStarts != nullptr && spanEnds != nullptr;
    icu::UnicodeString text;
    if (!ti::fromUTF8(utf8, length, text)) {
        ti::setStatus(status, TI_ERROR_INVALID_UTF8, "ti_fold_utf8: the text is not valid UTF-8");
        return -1;
    }
    thread_local Folder folder;
    thread_local std::vector<Unit> outs[TI_FOLD_COUNT];
    thread_local std::vector<Unit> spans;
    thread_local std::string bytes;
    UErrorCode error = U_ZERO_ERROR;
    if (!folder.fold(text, 1u << fold, wantSpans, outs, error)) {
        ti::failed(error, status, "ti_fold_utf8: ICU normalization");
        return -1;
    }
    bytes.clear();
    spans.clear();
    ti::appendUTF8(outs[fold], bytes, wantSpans ? &spans : nullptr);
    return ti::copyFolded(bytes, wantSpans ? &spans : nullptr, out, capacity, spanStarts, spanEnds);
}

TIFoldBatch *ti_fold_batch(const char *utf8, const uint32_t *offsets, int32_t count, TIStatus *status) {
    auto *batch = new TIFoldBatch();
    for (int f = 0; f < TI_FOLD_COUNT; ++f) {
        batch->text[f].reserve(offsets[count] - offsets[0] + 16);
        batch->offsets[f].reserve(static_cast<size_t>(count) + 1);
        batch->offsets[f].push_back(0);
    }
    Folder folder;
    std::vector<Unit> outs[TI_FOLD_COUNT];
    icu::UnicodeString text;
    const CharacterFolds &table = characterFolds();
    for (int32_t i = 0; i < count; ++i) {
        const char *s = utf8 + offsets[i];
        int32_t length = static_cast<int32_t>(offsets[i + 1] - offsets[i]);
        if (ti::isASCII(s, length)) {
            for (int f = 0; f < TI_FOLD_COUNT; ++f) {
                std::string &t = batch->text[f];
                for (int32_t k = 0; k < length; ++k) { t.push_back(lowerASCII(s[k])); }
            }
        } else if (standsAlone(table, s, length)) {
            for (int f = 0; f < TI_FOLD_COUNT; ++f) { foldByCharacters(table, s, length, f, batch->text[f], nullptr); }
        } else {
            if (!ti::fromUTF8(s, length, text)) {
                ti::setStatus(status, TI_ERROR_INVALID_UTF8, "ti_fold_batch: string " + std::to_string(i) + " is not valid UTF-8");
                delete batch;
                return nullptr;
            }
            UErrorCode error = U_ZERO_ERROR;
            if (!folder.fold(text, (1u << TI_FOLD_COUNT) - 1, false, outs, error)) {
                ti::failed(error, status, ("ti_fold_batch: ICU normalization of string " + std::to_string(i)).c_str());
                delete batch;
                return nullptr;
            }
            for (int f = 0; f < TI_FOLD_COUNT; ++f) { ti::appendUTF8(outs[f], batch->text[f], nullptr); }
        }
        for (int f = 0; f < TI_FOLD_COUNT; ++f) {
            if (batch->text[f].size() > UINT32_MAX) {
                ti::setStatus(status, U_BUFFER_OVERFLOW_ERROR, "ti_fold_batch: folded text exceeds 4 GiB");
                delete batch;
                return nullptr;
            }
            batch->offsets[f].push_back(static_cast<uint32_t>(batch->text[f].size()));
        }
    }
    return batch;
}

const uint8_t *ti_fold_batch_text(const TIFoldBatch *batch, int32_t fold, int64_t *length) {
    *length = static_cast<int64_t>(batch->text[fold].size());
    return reinterpret_cast<const uint8_t *>(batch->text[fold].data());
}

const uint32_t *ti_fold_batch_offsets(const TIFoldBatch *batch, int32_t fold) {
    return batch->offsets[fold].data();
}

void ti_fold_batch_free(TIFoldBatch *batch) { delete batch; }

}  // extern "C"
