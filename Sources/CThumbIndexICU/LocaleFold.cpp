// The locale fold: what a locale's users treat as the same letter when searching (see TIText.h).
//
// CLDR's `search` collation of a locale, at primary strength, says which strings are equal for search:
// in Swedish å, ä and ö are letters of their own and ü = y; in German ü = ue; in Danish aa = å. ICU's
// StringSearch finds a query in a text when the text's primary collation elements contain the query's.
// This fold turns that into text that a byte index can search:
//
//   1. Run the collation element iterator over the whole text. Group its elements into *units*: a
//      primary weight with its continuation elements (a long primary spans two 32-bit elements);
//      elements without a primary (marks, case and width differences) belong to nothing.
//   2. Give every unit the stretch of the text it came from (ICU's offsets before and after the
//      element); the later elements of an expansion (ü → u e) share the stretch of the first.
//   3. Write each unit as its *representative*: the one character, among all BMP characters that are
//      their own NFKC_Casefold and have exactly that unit, that comes first in the locale's tertiary
//      order (so a lowercase base letter: o for ò, ö and ø in English; ö for ö and ø in Swedish);
//      ties go to the lower code point. The units of one stretch are written together and composed
//      (NFC), so a stretch whose representatives are canonically its own text (a Hangul syllable's
//      jamo) comes out as one character again.
//
// Two texts with the same primary units therefore fold to the same bytes, and a query is contained
// in a text under the collator exactly when its folded bytes are (up to where a match may begin or
// end: inside an expansion, "mu" in German "Müller", which StringSearch rejects and this fold finds;
// see the README).
//
// Exceptions, each for a reason:
//   - Hangul keeps its NFKC_Casefold: the search collation equates a syllable's final consonant with
//     the next initial (각 = 가 + ᄀ), which a byte index can only follow with the text decomposed into
//     jamo, three times the bytes. The phonetic search reads Hangul as typed instead.
//   - A unit no BMP character has alone (a supplementary character, a contraction's own weight) is
//     written as the stretch's NFKC_Casefold when that stretch is one code point; otherwise as
//     private-use characters that spell the weight (U+F0000 + 12 bits each), so it still compares equal
//     with itself and with nothing else.
//
// Most text folds by a table instead: each BMP character's fold on its own, which is its fold in any
// text unless it combines with its neighbours. A text goes through the collation element iterator when
// it has a character outside the BMP, a mark, a Hangul jamo, or a character that starts one of the
// locale's contractions (or prefix rules) followed by one that continues one.
#include "BridgeInternal.hpp"
#include "FoldInternal.hpp"
#include "TIText.h"

#include <unicode/coleitr.h>
#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/tblcoll.h>
#include <unicode/uchar.h>
#include <unicode/ucol.h>
#include <unicode/uniset.h>
#include <unicode/usetiter.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

using ti::FoldUnit;

namespace {

/// A stretch of the input (UTF-16 offsets) and what it folds to.
struct Piece {
    int32_t start;
    int32_t end;
    std::vector<uint64_t> units;
};

bool isHangul(UChar32 c) {
    return (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F) || (c >= 0xA960 && c <= 0xA97F)
        || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xD7B0 && c <= 0xD7FF) || (c >= 0xFFA0 && c <= 0xFFDC);
}

}  // namespace

/// One locale's search fold. Immutable once built; shared by every thread.
struct TILocaleFold {
    std::unique_ptr<icu::RuleBasedCollator> primary;
    std::unique_ptr<icu::Collator> tertiary;
    const icu::Normalizer2 *casefold = nullptr;
    const icu::Normalizer2 *nfc = nullptr;
    /// Unit → its representative character.
    std::unordered_map<uint64_t, UChar32> representatives;
    /// Per BMP code point: the fold of the character on its own (UTF-8)...
    std::vector<std::string> alone;
    /// ...and what it is to the table: kAlone (its fold holds in any text but a contraction's),
    /// kStarts (it begins a contraction or prefix rule), kContinues (it is a later part of one).
    std::vector<uint8_t> flags;
    static constexpr uint8_t kAlone = 1, kStarts = 2, kContinues = 4;

    /// The units of `text` as pieces, in order. False on failure.
    bool pieces(const icu::UnicodeString &text, icu::CollationElementIterator &it, std::vector<Piece> &out,
                UErrorCode &error) const {
        out.clear();
        it.setText(text, error);
        if (U_FAILURE(error)) { return false; }
        int32_t before = it.getOffset();
        int32_t lastStart = 0, lastEnd = 0;
        bool haveUnit = false;
        for (;;) {
            int32_t ce = it.next(error);
            if (U_FAILURE(error)) { return false; }
            if (ce == icu::CollationElementIterator::NULLORDER) { break; }
            int32_t after = it.getOffset();
            if (after > before) {
                lastStart = before;
                lastEnd = after;
            }
            before = after;
            uint32_t weight = static_cast<uint32_t>(ce) >> 16;
            bool continuation = (ce & 0xC0) == 0xC0;
            if (continuation) {
                if (haveUnit) { out.back().units.back() = (out.back().units.back() << 16) | weight; }
                continue;
            }
            if (weight == 0) {
                haveUnit = false;
                continue;
            }
            if (out.empty() || out.back().start != lastStart || out.back().end != lastEnd) {
                // A stretch that overlaps the last one (ICU's offsets within a discontiguous contraction)
                // joins it, so pieces never go backwards.
                if (!out.empty() && lastStart < out.back().end) {
                    if (lastEnd > out.back().end) { out.back().end = lastEnd; }
                } else {
                    out.push_back({lastStart, lastEnd, {}});
                }
            }
            out.back().units.push_back(weight);
            haveUnit = true;
        }
        return true;
    }

    /// Appends the fold of `piece` (of `text`) to `out`, code point by code point with its span.
    void write(const Piece &piece, const icu::UnicodeString &text, std::vector<FoldUnit> &out,
               icu::UnicodeString &scratch, icu::UnicodeString &composed, UErrorCode &error) const {
        icu::UnicodeString stretch = text.tempSubStringBetween(piece.start, piece.end);
        bool hangul = false;
        for (int32_t i = 0; i < stretch.length();) {
            UChar32 c = stretch.char32At(i);
            if (isHangul(c)) { hangul = true; break; }
            i += U16_LENGTH(c);
        }
        scratch.remove();
        bool represented = true;
        for (uint64_t unit : piece.units) { represented = represented && representatives.count(unit) != 0; }
        if (hangul || (!represented && stretch.countChar32() == 1)) {
            casefold->normalize(stretch, scratch, error);
        } else {
            for (uint64_t unit : piece.units) {
                auto found = representatives.find(unit);
                if (found != representatives.end()) {
                    scratch.append(found->second);
                } else {
                    // Spell the weight in private-use characters, 12 bits each (six cover a unit's
                    // 64 bits), high bits first, after one that gives their number.
                    int bits = 72;
                    while (bits > 12 && (unit >> (bits - 12)) == 0) { bits -= 12; }
                    scratch.append(static_cast<UChar32>(0xFF000 + bits));
                    for (int shift = bits - 12; shift >= 0; shift -= 12) {
                        scratch.append(static_cast<UChar32>(0xF0000 + ((unit >> shift) & 0xFFF)));
                    }
                }
            }
            if (piece.units.size() > 1) {
                nfc->normalize(scratch, composed, error);
                scratch = composed;
            }
        }
        for (int32_t k = 0; k < scratch.length();) {
            UChar32 c = scratch.char32At(k);
            out.push_back({c, piece.start, piece.end});
            k += U16_LENGTH(c);
        }
    }

    /// Folds `text` into `out`. False on failure.
    bool fold(const icu::UnicodeString &text, icu::CollationElementIterator &it, std::vector<FoldUnit> &out,
              std::vector<Piece> &scratchPieces, UErrorCode &error) const {
        out.clear();
        if (!pieces(text, it, scratchPieces, error)) { return false; }
        icu::UnicodeString scratch, composed;
        for (const Piece &piece : scratchPieces) {
            write(piece, text, out, scratch, composed, error);
            if (U_FAILURE(error)) { return false; }
        }
        return true;
    }

    /// Appends the table's fold of `utf8` to `out` (and, with `spans`, each byte's UTF-16 span), or
    /// appends nothing and returns false when some character must be folded in its context (see the
    /// top of this file) or the text is not valid UTF-8.
    bool foldByTable(const char *utf8, int32_t length, std::string &out, std::vector<FoldUnit> *spans) const {
        size_t outMark = out.size(), spanMark = spans != nullptr ? spans->size() : 0;
        bool afterStarter = false;
        int32_t i = 0, utf16 = 0;
        while (i < length) {
            UChar32 c;
            U8_NEXT(utf8, i, length, c);
            uint8_t f = (c >= 0 && c <= 0xFFFF) ? flags[static_cast<size_t>(c)] : 0;
            if (!(f & kAlone) || (afterStarter && (f & kContinues))) {
                out.resize(outMark);
                if (spans != nullptr) { spans->resize(spanMark); }
                return false;
            }
            afterStarter = (f & kStarts) != 0;
            const std::string &folded = alone[static_cast<size_t>(c)];
            out.append(folded);
            if (spans != nullptr) {
                for (size_t k = 0; k < folded.size(); ++k) { spans->push_back({c, utf16, utf16 + 1}); }
            }
            utf16 += 1;
        }
        return true;
    }
};

namespace {

/// Builds the fold of `locale` (an ICU locale ID, "" or "root" for the root locale).
std::unique_ptr<TILocaleFold> build(const std::string &locale, TIStatus *status) {
    auto fold = std::make_unique<TILocaleFold>();
    UErrorCode error = U_ZERO_ERROR;
    icu::Locale base(locale.empty() ? "root" : locale.c_str());
    icu::Locale searching(base);
    searching.setKeywordValue("collation", "search", error);
    if (ti::failed(error, status, "Locale::setKeywordValue")) { return nullptr; }
    std::unique_ptr<icu::Collator> collator(icu::Collator::createInstance(searching, error));
    if (ti::failed(error, status, "Collator::createInstance (search)")) { return nullptr; }
    auto *rules = dynamic_cast<icu::RuleBasedCollator *>(collator.get());
    if (rules == nullptr) {
        ti::setStatus(status, U_UNSUPPORTED_ERROR, "the search collator of '" + locale + "' is not rule based");
        return nullptr;
    }
    collator.release();
    fold->primary.reset(rules);
    fold->tertiary.reset(fold->primary->clone());
    fold->primary->setStrength(icu::Collator::PRIMARY);
    fold->tertiary->setStrength(icu::Collator::TERTIARY);
    fold->casefold = icu::Normalizer2::getNFKCCasefoldInstance(error);
    fold->nfc = icu::Normalizer2::getNFCInstance(error);
    if (ti::failed(error, status, "Normalizer2 instances")) { return nullptr; }

    icu::UnicodeSet contractions;
    ucol_getContractionsAndExpansions(fold->primary->toUCollator(), contractions.toUSet(), nullptr, true, &error);
    if (ti::failed(error, status, "getContractionsAndExpansions")) { return nullptr; }
    fold->flags.assign(0x10000, 0);
    icu::UnicodeSetIterator strings(contractions);
    while (strings.next()) {
        const icu::UnicodeString &s = strings.getString();  // a lone code point comes as a string too
        for (int32_t k = 0; k < s.length();) {
            UChar32 c = s.char32At(k);
            if (c <= 0xFFFF) { fold->flags[static_cast<size_t>(c)] |= (k == 0 ? TILocaleFold::kStarts : TILocaleFold::kContinues); }
            k += U16_LENGTH(c);
        }
    }

    // Representatives: every BMP character that is its own NFKC_Casefold and has exactly one unit.
    std::unique_ptr<icu::CollationElementIterator> it(
        fold->primary->createCollationElementIterator(icu::UnicodeString()));
    std::vector<Piece> pieces;
    icu::UnicodeString one;
    for (UChar32 c = 0; c <= 0xFFFF; ++c) {
        if ((c >= 0xD800 && c <= 0xDFFF) || (c >= 0xE000 && c <= 0xF8FF) || (c >= 0xAC00 && c <= 0xD7A3)) { continue; }
        if (u_charType(c) == U_UNASSIGNED) { continue; }
        one.setTo(c);
        if (!fold->casefold->isNormalized(one, error) || U_FAILURE(error)) {
            error = U_ZERO_ERROR;
            continue;
        }
        if (!fold->pieces(one, *it, pieces, error)) { error = U_ZERO_ERROR; continue; }
        if (pieces.size() != 1 || pieces[0].units.size() != 1) { continue; }
        uint64_t unit = pieces[0].units[0];
        auto found = fold->representatives.find(unit);
        if (found == fold->representatives.end()) {
            fold->representatives.emplace(unit, c);
        } else if (fold->tertiary->compare(one, icu::UnicodeString(found->second), error) < 0) {
            found->second = c;
        }
    }
    if (ti::failed(error, status, "building the search fold")) { return nullptr; }

    // The table: every BMP character but surrogates, marks (they combine with what precedes them) and
    // Hangul jamo (NFKC_Casefold composes them into syllables), folded on its own.
    std::vector<FoldUnit> units;
    fold->alone.assign(0x10000, std::string());
    for (UChar32 c = 0; c <= 0xFFFF; ++c) {
        if ((c >= 0xD800 && c <= 0xDFFF) || (U_GET_GC_MASK(c) & U_GC_M_MASK) != 0 || (isHangul(c) && !(c >= 0xAC00 && c <= 0xD7A3))) {
            continue;
        }
        one.setTo(c);
        if (!fold->fold(one, *it, units, pieces, error)) {
            ti::failed(error, status, "folding the BMP");
            return nullptr;
        }
        ti::appendUTF8(units, fold->alone[static_cast<size_t>(c)], nullptr);
        fold->flags[static_cast<size_t>(c)] |= TILocaleFold::kAlone;
    }
    return fold;
}

}  // namespace

extern "C" {

const TILocaleFold *ti_locale_fold_open(const char *locale, TIStatus *status) {
    // One fold per locale for the life of the process: building one takes tens of milliseconds, and a
    // process serves a handful of locales. Leaked on purpose: a thread may still fold while static
    // destructors run at exit.
    struct Folds {
        std::mutex lock;
        std::map<std::string, std::unique_ptr<TILocaleFold>> byLocale;
    };
    static Folds *shared = new Folds();
    std::lock_guard<std::mutex> guard(shared->lock);
    auto &folds = shared->byLocale;
    std::string key(locale);
    auto found = folds.find(key);
    if (found != folds.end()) { return found->second.get(); }
    std::unique_ptr<TILocaleFold> fold = build(key, status);
    if (!fold) { return nullptr; }
    const TILocaleFold *result = fold.get();
    folds.emplace(key, std::move(fold));
    return result;
}

int32_t ti_locale_fold_utf8(const TILocaleFold *fold, const char *utf8, int32_t length, char *out, int32_t capacity,
                            int32_t *spanStarts, int32_t *spanEnds, TIStatus *status) {
    bool wantSpans = spanStarts != nullptr && spanEnds != nullptr;
    thread_local std::string bytes;
    thread_local std::vector<FoldUnit> units;
    thread_local std::vector<FoldUnit> spans;
    thread_local std::vector<Piece> pieces;
    bytes.clear();
    spans.clear();
    if (!fold->foldByTable(utf8, length, bytes, wantSpans ? &spans : nullptr)) {
        icu::UnicodeString text;
        if (!ti::fromUTF8(utf8, length, text)) {
            ti::setStatus(status, TI_ERROR_INVALID_UTF8, "ti_locale_fold_utf8: the text is not valid UTF-8");
            return -1;
        }
        UErrorCode error = U_ZERO_ERROR;
        std::unique_ptr<icu::CollationElementIterator> it(fold->primary->createCollationElementIterator(text));
        if (!fold->fold(text, *it, units, pieces, error)) {
            ti::failed(error, status, "ti_locale_fold_utf8: collation elements");
            return -1;
        }
        ti::appendUTF8(units, bytes, wantSpans ? &spans : nullptr);
    }
    return ti::copyFolded(bytes, wantSpans ? &spans : nullptr, out, capacity, spanStarts, spanEnds);
}

TIFoldBatch *ti_locale_fold_batch(const TILocaleFold *fold, const char *utf8, const uint32_t *offsets, int32_t count,
                                  TIStatus *status) {
    auto *batch = new TIFoldBatch();
    std::string &t = batch->text[TI_FOLD_LOCALE];
    std::vector<uint32_t> &o = batch->offsets[TI_FOLD_LOCALE];
    t.reserve(offsets[count] - offsets[0] + 16);
    o.reserve(static_cast<size_t>(count) + 1);
    o.push_back(0);
    std::unique_ptr<icu::CollationElementIterator> it(fold->primary->createCollationElementIterator(icu::UnicodeString()));
    std::vector<FoldUnit> units;
    std::vector<Piece> pieces;
    icu::UnicodeString text;
    for (int32_t i = 0; i < count; ++i) {
        const char *s = utf8 + offsets[i];
        int32_t length = static_cast<int32_t>(offsets[i + 1] - offsets[i]);
        if (!fold->foldByTable(s, length, t, nullptr)) {
            if (!ti::fromUTF8(s, length, text)) {
                ti::setStatus(status, TI_ERROR_INVALID_UTF8, "ti_locale_fold_batch: string " + std::to_string(i) + " is not valid UTF-8");
                delete batch;
                return nullptr;
            }
            UErrorCode error = U_ZERO_ERROR;
            if (!fold->fold(text, *it, units, pieces, error)) {
                ti::failed(error, status, ("ti_locale_fold_batch: collation elements of string " + std::to_string(i)).c_str());
                delete batch;
                return nullptr;
            }
            ti::appendUTF8(units, t, nullptr);
        }
        if (t.size() > UINT32_MAX) {
            ti::setStatus(status, U_BUFFER_OVERFLOW_ERROR, "ti_locale_fold_batch: folded text exceeds 4 GiB");
            delete batch;
            return nullptr;
        }
        o.push_back(static_cast<uint32_t>(t.size()));
    }
    return batch;
}

}  // extern "C"
