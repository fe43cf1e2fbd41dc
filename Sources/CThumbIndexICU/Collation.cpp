// The collation of one locale: ordering by full-strength sort keys, and the alphabetic-index
// bucket list (labels + lower boundaries) derived as ICU's AlphabeticIndex derives it, so that
// bucketing becomes a merge of sorted primary keys against sorted boundary keys.
//
// The derivation follows the algorithm described in ICU's AlphabeticIndex documentation and
// CLDR's "Collation Indexes" (UTS #35): labels are the locale's index exemplars (or the Chinese
// tailoring's U+FDD0 boundary contractions), filtered through a primary-strength collator;
// "…" buckets sit before the first label, between scripts and after the last label.
#include "BridgeInternal.hpp"
#include "TICollation.h"

#include <unicode/coll.h>
#include <unicode/normalizer2.h>
#include <unicode/tblcoll.h>
#include <unicode/ucol.h>
#include <unicode/ucoleitr.h>
#include <unicode/uchar.h>
#include <unicode/ulocdata.h>
#include <unicode/uniset.h>
#include <unicode/usetiter.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string_view>
#include <thread>
#include <vector>

using icu::UnicodeString;

namespace {

constexpr UChar kChineseBoundaryPrefix = 0xFDD0;  // CLDR: index boundaries of Chinese tailorings
constexpr UChar kScriptFirstPrefix = 0xFDD1;      // CLDR: "first primary of script X" contractions
const UnicodeString kEllipsis(static_cast<UChar>(0x2026));

/// A primary-strength sort key, truncated before its level separator, so memcmp order is
/// primary collation order.
using PrimaryKey = std::string;

struct Bucket {
    UnicodeString label;
    UnicodeString lowerBoundary;
    TILabelType type;
    int32_t displayBucket = -1;  // index into the bucket list of the bucket shown instead
};

}  // namespace

struct TICollation {
    std::string locale;
    std::string version;
    std::unique_ptr<icu::Collator> full;
    std::unique_ptr<icu::Collator> primary;
    std::vector<std::string> labels;       // visible buckets, UTF-8
    std::vector<TILabelType> labelTypes;   // visible buckets
    std::vector<PrimaryKey> boundaries;    // all buckets but the first (underflow), in order
    std::vector<int32_t> visibleIndex;     // all buckets → visible bucket shown for them
};

namespace {

/// Sort key of `s` under `collator` into `out` (replacing its contents), trying a buffer of
/// `capacityHint` bytes first. getSortKey reports no errors: a key it cannot make is empty.
void sortKey(const icu::Collator &collator, const UnicodeString &s, int32_t capacityHint, std::string &out) {
    UErrorCode error = U_ZERO_ERROR;
    ti::fillString(out, capacityHint, error, [&](char *buffer, int32_t capacity, UErrorCode &) {
        return collator.getSortKey(s, reinterpret_cast<uint8_t *>(buffer), capacity);
    });
}

PrimaryKey primaryKey(const icu::Collator &primary, const UnicodeString &s) {
    std::string key;
    sortKey(primary, s, 256, key);
    // Primary weight bytes are >= 02; 01 separates levels and 00 terminates the key.
    size_t end = key.find_first_of(std::string("\x00\x01", 2));
    if (end != std::string::npos) { key.resize(end); }
    return key;
}

int comparePrimary(const icu::Collator &primary, const UnicodeString &a, const UnicodeString &b) {
    UErrorCode error = U_ZERO_ERROR;
    return primary.compare(a, b, error);
}

/// All contractions of the collator's tailoring and root (strings of more than one code point).
icu::UnicodeSet contractionsOf(const icu::Collator &collator, UErrorCode &error) {
    const auto &rules = static_cast<const icu::RuleBasedCollator &>(collator);
    icu::UnicodeSet contractions;
    ucol_getContractionsAndExpansions(rules.toUCollator(), contractions.toUSet(), nullptr, false, &error);
    return contractions;
}

/// The first strings of each real script (and of unassigned code points), sorted: the
/// boundaries between scripts, the last one marking the start of the overflow.
std::vector<UnicodeString> scriptBoundaries(const icu::Collator &primary, UErrorCode &error) {
    icu::UnicodeSet contractions = contractionsOf(primary, error);
    std::vector<UnicodeString> result;
    icu::UnicodeSetIterator it(contractions);
    while (it.next()) {
        if (!it.isString()) { continue; }
        const UnicodeString &s = it.getString();
        if (s.length() < 2 || s.charAt(0) != kScriptFirstPrefix) { continue; }
        // Keep the scripts proper (sample is a letter) and the unassigned (Cn) group.
        uint32_t mask = U_GET_GC_MASK(s.char32At(1));
        if ((mask & (U_GC_L_MASK | U_GC_CN_MASK)) == 0) { continue; }
        result.push_back(s);
    }
    std::stable_sort(result.begin(), result.end(), [&](const auto &a, const auto &b) {
        return comparePrimary(primary, a, b) < 0;
    });
    while (!result.empty() && comparePrimary(primary, result.front(), UnicodeString()) == 0) {
        result.erase(result.begin());
    }
    return result;
}

/// The Chinese tailorings' own index boundaries (U+FDD0 contractions); with Pinyin ones, A–Z too.
bool addChineseLabels(const icu::Collator &primary, icu::UnicodeSet &labels, UErrorCode &error) {
    icu::UnicodeSet contractions = contractionsOf(primary, error);
    bool found = false, pinyin = false;
    icu::UnicodeSetIterator it(contractions);
    while (it.next()) {
        if (!it.isString()) { continue; }
        const UnicodeString &s = it.getString();
        if (s.length() < 2 || s.charAt(0) != kChineseBoundaryPrefix) { continue; }
        labels.add(s);
        found = true;
        UChar last = s.charAt(s.length() - 1);
        pinyin = pinyin || (last >= u'A' && last <= u'Z');
    }
    if (pinyin) { labels.add(u'A', u'Z'); }
    return found;
}

/// The locale's index exemplar characters; when the locale data has none, a set synthesized from
/// its standard exemplars (upper-cased, Hangul cut down to the initial consonants' syllables).
void addIndexExemplars(const char *locale, icu::UnicodeSet &labels, UErrorCode &error) {
    ULocaleData *data = ulocdata_open(locale, &error);
    if (U_FAILURE(error)) { return; }
    icu::UnicodeSet exemplars;
    ulocdata_getExemplarSet(data, exemplars.toUSet(), 0, ULOCDATA_ES_INDEX, &error);
    if (U_SUCCESS(error)) {
        ulocdata_close(data);
        labels.addAll(exemplars);
        return;
    }
    error = U_ZERO_ERROR;
    ulocdata_getExemplarSet(data, exemplars.toUSet(), 0, ULOCDATA_ES_STANDARD, &error);
    ulocdata_close(data);
    if (U_FAILURE(error)) { return; }
    if (exemplars.isEmpty() || exemplars.containsSome(u'a', u'z')) { exemplars.add(u'a', u'z'); }
    if (exemplars.containsSome(0xAC00, 0xD7A3)) {
        exemplars.remove(0xAC00, 0xD7A3);
        for (UChar32 c : {0xAC00, 0xB098, 0xB2E4, 0xB77C, 0xB9C8, 0xBC14, 0xC0AC, 0xC544, 0xC790,
                          0xCC28, 0xCE74, 0xD0C0, 0xD30C, 0xD558}) {
            exemplars.add(c);
        }
    }
    icu::Locale loc(locale);
    icu::UnicodeSetIterator it(exemplars);
    while (it.next()) {
        UnicodeString upper = it.getString();
        upper.toUpper(loc);
        labels.add(upper);
    }
}

/// `s` with a combining grapheme joiner between its code points: sorts like the separate letters,
/// so a multi-letter label that compares equal to it is no contraction.
UnicodeString separated(const UnicodeString &s) {
    UnicodeString result;
    for (int32_t i = 0; i < s.length();) {
        if (i > 0) { result.append(static_cast<UChar>(0x034F)); }
        UChar32 c = s.char32At(i);
        result.append(c);
        i += U16_LENGTH(c);
    }
    return result;
}

/// Of two primary-equal labels, prefer the shorter NFKD, then the smaller NFKD, then the smaller.
bool betterLabel(const icu::Normalizer2 &nfkd, const UnicodeString &a, const UnicodeString &b) {
    UErrorCode error = U_ZERO_ERROR;
    UnicodeString na = nfkd.normalize(a, error), nb = nfkd.normalize(b, error);
    if (na.countChar32() != nb.countChar32()) { return na.countChar32() < nb.countChar32(); }
    if (int8_t c = na.compareCodePointOrder(nb)) { return c < 0; }
    return a.compareCodePointOrder(b) < 0;
}

/// The sorted, de-duplicated labels, capped at 99 by dropping evenly spread ones.
std::vector<UnicodeString> sortedLabels(const icu::Collator &primary, const icu::UnicodeSet &initial,
                                        const std::vector<UnicodeString> &scripts, UErrorCode &error) {
    const icu::Normalizer2 *nfkd = icu::Normalizer2::getNFKDInstance(error);
    std::vector<UnicodeString> labels;
    if (U_FAILURE(error) || scripts.empty()) { return labels; }
    const UnicodeString &firstScript = scripts.front(), &overflow = scripts.back();
    icu::UnicodeSetIterator it(initial);
    while (it.next()) {
        UnicodeString item = it.getString();
        bool checkDistinct = item.hasMoreChar32Than(0, item.length(), 1);
        int32_t n = item.length();
        if (checkDistinct && item.charAt(n - 1) == u'*' && item.charAt(n - 2) != u'*') {
            item.truncate(n - 1);  // a trailing star forces the label in
            checkDistinct = false;
        }
        if (comparePrimary(primary, item, firstScript) < 0) { continue; }     // not alphabetic
        if (comparePrimary(primary, item, overflow) >= 0) { continue; }       // lands in overflow
        if (checkDistinct && comparePrimary(primary, item, separated(item)) == 0) { continue; }
        auto at = std::lower_bound(labels.begin(), labels.end(), item, [&](const auto &a, const auto &b) {
            return comparePrimary(primary, a, b) < 0;
        });
        if (at != labels.end() && comparePrimary(primary, *at, item) == 0) {
            if (betterLabel(*nfkd, item, *at)) { *at = item; }
        } else {
            labels.insert(at, item);
        }
    }
    const int32_t maxLabels = 99;
    int32_t size = static_cast<int32_t>(labels.size()) - 1;
    if (size > maxLabels) {
        std::vector<UnicodeString> kept;
        int32_t previous = -1;
        for (int32_t i = 0; i < static_cast<int32_t>(labels.size()); ++i) {
            int32_t bump = (i + 1) * maxLabels / size;
            if (bump != previous) { kept.push_back(labels[i]); previous = bump; }
        }
        labels.swap(kept);
    }
    return labels;
}

/// The label shown for a boundary: Chinese boundaries drop their U+FDD0 prefix, and stroke
/// boundaries (U+2801…U+28FF after it) read "N劃".
UnicodeString displayLabel(const UnicodeString &boundary) {
    if (boundary.charAt(0) != kChineseBoundaryPrefix) { return boundary; }
    UChar rest = boundary.charAt(1);
    if (rest > 0x2800 && rest <= 0x28FF) {
        UnicodeString strokes = UnicodeString::fromUTF8(std::to_string(rest - 0x2800));
        return strokes.append(static_cast<UChar>(0x5283));
    }
    return UnicodeString(boundary, 1);
}

/// True when `s` has more than one non-ignorable primary weight (an expansion such as "Sch").
bool hasSeveralPrimaries(const icu::Collator &primary, const UnicodeString &s) {
    UErrorCode error = U_ZERO_ERROR;
    const auto &rules = static_cast<const icu::RuleBasedCollator &>(primary);
    uint32_t variableTop = 0;
    if (rules.getAttribute(UCOL_ALTERNATE_HANDLING, error) == UCOL_SHIFTED) {
        variableTop = rules.getVariableTop(error);
    }
    UCollationElements *elements =
        ucol_openElements(rules.toUCollator(), s.getBuffer(), s.length(), &error);
    if (U_FAILURE(error)) { return false; }
    int seen = 0;
    for (int32_t ce; (ce = ucol_next(elements, &error)) != UCOL_NULLORDER && U_SUCCESS(error);) {
        bool continuation = (ce & 0xC0) == 0xC0;  // second half of a long primary
        uint32_t p = static_cast<uint32_t>(ce) & 0xFFFF0000u;
        if (!continuation && p != 0 && p > variableTop) { ++seen; }
    }
    ucol_closeElements(elements);
    return seen > 1;
}

std::vector<Bucket> buildBuckets(const icu::Collator &primary, const std::vector<UnicodeString> &labels,
                                 const std::vector<UnicodeString> &scripts) {
    std::vector<Bucket> buckets;
    buckets.push_back({kEllipsis, UnicodeString(), TILabelTypeUnderflow});
    int32_t ascii[26], pinyin[26];
    std::fill(ascii, ascii + 26, -1);
    std::fill(pinyin, pinyin + 26, -1);
    bool hasPinyin = false, hasInvisible = false;
    size_t script = 0;
    UnicodeString scriptEnd;  // upper boundary of the current script ("" before the first)
    bool started = false;
    for (const UnicodeString &label : labels) {
        if (!started || comparePrimary(primary, label, scriptEnd) >= 0) {
            // Crossed into a new script: find the script boundary above this label.
            UnicodeString inflowBoundary = scriptEnd;
            bool skipped = false;
            while (true) {
                scriptEnd = scripts[started ? ++script : script];
                started = true;
                if (comparePrimary(primary, label, scriptEnd) < 0) { break; }
                skipped = true;
            }
            if (skipped && buckets.size() > 1) {
                buckets.push_back({kEllipsis, inflowBoundary, TILabelTypeInflow});
            }
        }
        buckets.push_back({displayLabel(label), label, TILabelTypeNormal});
        int32_t index = static_cast<int32_t>(buckets.size()) - 1;
        if (label.length() == 1 && label.charAt(0) >= u'A' && label.charAt(0) <= u'Z') {
            ascii[label.charAt(0) - u'A'] = index;
        } else if (label.length() == 2 && label.charAt(0) == kChineseBoundaryPrefix &&
                   label.charAt(1) >= u'A' && label.charAt(1) <= u'Z') {
            pinyin[label.charAt(1) - u'A'] = index;
            hasPinyin = true;
        }
        if (label.charAt(0) != kChineseBoundaryPrefix && label.charAt(label.length() - 1) != 0xFFFF &&
            hasSeveralPrimaries(primary, label)) {
            // An expansion label like "Sch": what sorts after all of "Sch…" belongs to the last
            // single-letter bucket before it ("S"), through an invisible redirecting bucket.
            for (int32_t j = static_cast<int32_t>(buckets.size()) - 2; j >= 0; --j) {
                const Bucket &single = buckets[j];
                if (single.type != TILabelTypeNormal) { break; }
                if (single.displayBucket < 0 && !hasSeveralPrimaries(primary, single.lowerBoundary)) {
                    Bucket redirect{UnicodeString(), UnicodeString(label).append(static_cast<UChar>(0xFFFF)),
                                    TILabelTypeNormal, j};
                    buckets.push_back(redirect);
                    hasInvisible = true;
                    break;
                }
            }
        }
    }
    if (buckets.size() == 1) { return buckets; }
    buckets.push_back({kEllipsis, scriptEnd, TILabelTypeOverflow});
    if (hasPinyin) {
        int32_t asciiBucket = -1;
        for (int i = 0; i < 26; ++i) {
            if (ascii[i] >= 0) { asciiBucket = ascii[i]; }
            if (pinyin[i] >= 0 && asciiBucket >= 0) {
                buckets[pinyin[i]].displayBucket = asciiBucket;
                hasInvisible = true;
            }
        }
    }
    if (hasInvisible) {
        // An inflow bucket right before another "…" bucket is shown as that one.
        int32_t next = static_cast<int32_t>(buckets.size()) - 1;
        for (int32_t i = next - 1; i > 0; --i) {
            if (buckets[i].displayBucket >= 0) { continue; }
            if (buckets[i].type == TILabelTypeInflow && buckets[next].type != TILabelTypeNormal) {
                buckets[i].displayBucket = next;
                continue;
            }
            next = i;
        }
    }
    return buckets;
}

/// Full sort key of `s` into `out`, reusing its allocation.
void fullKey(const icu::Collator &collator, const UnicodeString &s, std::string &out) {
    sortKey(collator, s, static_cast<int32_t>(std::max<size_t>(out.capacity(), 64)), out);
}

/// Visible bucket of a primary key: the last bucket whose lower boundary is <= it.
int32_t bucketOfPrimary(const TICollation &c, const char *key, size_t length) {
    auto less = [](const PrimaryKey &boundary, const std::pair<const char *, size_t> &k) {
        int r = std::memcmp(boundary.data(), k.first, std::min(boundary.size(), k.second));
        return r != 0 ? r < 0 : boundary.size() <= k.second;  // boundary <= key
    };
    auto it = std::lower_bound(c.boundaries.begin(), c.boundaries.end(), std::make_pair(key, length),
                               [&](const PrimaryKey &b, const auto &k) { return less(b, k); });
    size_t bucket = static_cast<size_t>(it - c.boundaries.begin());  // 0 = underflow
    return c.visibleIndex[bucket];
}

/// Length of the primary part of a full sort key: the bytes before the first level separator.
size_t primaryLength(const char *key, size_t length) {
    size_t i = 0;
    while (i < length && static_cast<uint8_t>(key[i]) > 1) { ++i; }
    return i;
}

}  // namespace

extern "C" {

TICollation *ti_collation_open(const char *requested, int32_t addLatinLabels, TIStatus *status) {
    ti::setStatus(status, 0, "");
    std::string locale = ti::canonicalLocale(requested, status);
    if (locale.empty()) { return nullptr; }
    UErrorCode error = U_ZERO_ERROR;
    auto c = std::make_unique<TICollation>();
    c->locale = locale;
    c->full.reset(icu::Collator::createInstance(icu::Locale(locale.c_str()), error));
    if (ti::failed(error, status, "Collator::createInstance")) { return nullptr; }
    if (dynamic_cast<icu::RuleBasedCollator *>(c->full.get()) == nullptr) {
        ti::setStatus(status, U_UNSUPPORTED_ERROR, "the collator is not rule-based");
        return nullptr;
    }
    c->primary.reset(c->full->clone());
    c->primary->setStrength(icu::Collator::PRIMARY);
    UVersionInfo version;
    c->full->getVersion(version);
    char versionString[U_MAX_VERSION_STRING_LENGTH];
    u_versionToString(version, versionString);
    c->version = versionString;

    std::vector<UnicodeString> scripts = scriptBoundaries(*c->primary, error);
    if (ti::failed(error, status, "script boundaries")) { return nullptr; }
    icu::UnicodeSet initial;
    if (!addChineseLabels(*c->primary, initial, error)) { addIndexExemplars(locale.c_str(), initial, error); }
    if (addLatinLabels) { addIndexExemplars("en", initial, error); }
    if (ti::failed(error, status, "index exemplars")) { return nullptr; }
    std::vector<UnicodeString> labels = sortedLabels(*c->primary, initial, scripts, error);
    if (ti::failed(error, status, "index labels")) { return nullptr; }
    std::vector<Bucket> buckets = buildBuckets(*c->primary, labels, scripts);

    std::vector<int32_t> visibleOf(buckets.size(), -1);
    for (size_t i = 0; i < buckets.size(); ++i) {
        if (buckets[i].displayBucket >= 0) { continue; }
        visibleOf[i] = static_cast<int32_t>(c->labels.size());
        c->labels.push_back(ti::toUTF8(buckets[i].label));
        c->labelTypes.push_back(buckets[i].type);
    }
    for (size_t i = 0; i < buckets.size(); ++i) {
        int32_t shown = static_cast<int32_t>(i);
        while (buckets[shown].displayBucket >= 0) { shown = buckets[shown].displayBucket; }
        c->visibleIndex.push_back(visibleOf[shown]);
        if (i > 0) { c->boundaries.push_back(primaryKey(*c->primary, buckets[i].lowerBoundary)); }
    }
    return c.release();
}

void ti_collation_close(TICollation *collation) { delete collation; }

const char *ti_collation_locale(const TICollation *c) { return c->locale.c_str(); }
const char *ti_collation_version(const TICollation *c) { return c->version.c_str(); }
int32_t ti_collation_label_count(const TICollation *c) { return static_cast<int32_t>(c->labels.size()); }
const char *ti_collation_label(const TICollation *c, int32_t i) { return c->labels[i].c_str(); }
TILabelType ti_collation_label_type(const TICollation *c, int32_t i) { return c->labelTypes[i]; }

int32_t ti_collation_bucket(const TICollation *c, const char *utf8, int32_t length) {
    UnicodeString s;
    if (!ti::fromUTF8(utf8, length, s)) { return -1; }
    PrimaryKey key = primaryKey(*c->primary, s);
    return bucketOfPrimary(*c, key.data(), key.size());
}

int32_t ti_collation_sort_key(const TICollation *c, const char *utf8, int32_t length, uint8_t *out,
                              int32_t capacity, TIStatus *status) {
    ti::setStatus(status, 0, "");
    UnicodeString s;
    if (!ti::fromUTF8(utf8, length, s)) {
        ti::setStatus(status, TI_ERROR_INVALID_UTF8, "invalid UTF-8");
        return -1;
    }
    std::string key;
    fullKey(*c->full, s, key);
    if (static_cast<size_t>(capacity) >= key.size() && !key.empty()) { std::memcpy(out, key.data(), key.size()); }
    return static_cast<int32_t>(key.size());
}

int32_t ti_collation_sort(const TICollation *c, const char *bytes, const int64_t *offsets, int64_t count,
                          int32_t threads, int32_t *order, int32_t *buckets,
                          void (*progress)(void *, double), void *progressContext, TIStatus *status) {
    ti::setStatus(status, 0, "");
    // 1. Sort keys, all in one arena, computed in parallel slices (Collator::getSortKey is const
    //    and thread-safe on a shared collator).
    std::vector<uint64_t> keyStart(count + 1, 0);
    int32_t sliceCount = std::max(1, std::min<int32_t>(threads, count < 10000 ? 1 : threads));
    std::vector<std::string> arenas(sliceCount);
    std::vector<int64_t> invalid(sliceCount, -1);
    auto work = [&](int32_t slice) {
        int64_t begin = count * slice / sliceCount, end = count * (slice + 1) / sliceCount;
        std::string &arena = arenas[slice];
        arena.reserve(static_cast<size_t>((offsets[end] - offsets[begin]) * 3));
        UnicodeString s;
        std::string key;
        for (int64_t i = begin; i < end; ++i) {
            if (!ti::fromUTF8(bytes + offsets[i], static_cast<int32_t>(offsets[i + 1] - offsets[i]), s)) {
                invalid[slice] = i;
                return;
            }
            fullKey(*c->full, s, key);
            keyStart[i] = arena.size();
            arena.append(key);
            if (slice == 0 && progress != nullptr && (i & 0xFFFF) == 0) {
                progress(progressContext, 0.7 * static_cast<double>(i - begin) / std::max<int64_t>(1, end - begin));
            }
        }
    };
    std::vector<std::thread> workers;
    for (int32_t slice = 1; slice < sliceCount; ++slice) { workers.emplace_back(work, slice); }
    work(0);
    for (auto &w : workers) { w.join(); }
    for (int64_t bad : invalid) {
        if (bad >= 0) {
            ti::setStatus(status, TI_ERROR_INVALID_UTF8, "invalid UTF-8 in item " + std::to_string(bad));
            return -1;
        }
    }
    // Key i lives in arena `slice(i)` at keyStart[i] ..< next key's start (or the arena's end).
    std::vector<const char *> keyData(count);
    std::vector<uint32_t> keyLength(count);
    for (int32_t slice = 0; slice < sliceCount; ++slice) {
        int64_t begin = count * slice / sliceCount, end = count * (slice + 1) / sliceCount;
        for (int64_t i = begin; i < end; ++i) {
            uint64_t next = i + 1 < end ? keyStart[i + 1] : arenas[slice].size();
            keyData[i] = arenas[slice].data() + keyStart[i];
            keyLength[i] = static_cast<uint32_t>(next - keyStart[i]);
        }
    }
    std::vector<uint64_t>().swap(keyStart);  // 8 bytes a row, not needed past here: freed before the sort's entries
    if (progress != nullptr) { progress(progressContext, 0.7); }
    // 2. Sort by key bytes, equal keys in input order. Entries carry the first 8 key bytes as a
    //    big-endian integer, so most comparisons never leave the (cache-friendly) entry array;
    //    the input index breaks ties, which makes the order total and std::sort stable in effect.
    struct Entry {
        uint64_t prefix;
        int32_t index;
    };
    std::vector<Entry> entries(count);
    for (int64_t i = 0; i < count; ++i) {
        uint64_t prefix = 0;
        for (uint32_t b = 0; b < 8; ++b) {
            prefix = (prefix << 8) | (b < keyLength[i] ? static_cast<uint8_t>(keyData[i][b]) : 0);
        }
        entries[i] = {prefix, static_cast<int32_t>(i)};
    }
    auto less = [&](const Entry &a, const Entry &b) {
        if (a.prefix != b.prefix) { return a.prefix < b.prefix; }
        uint32_t la = keyLength[a.index], lb = keyLength[b.index];
        if (la > 8 || lb > 8) {
            uint32_t skip = std::min<uint32_t>(8, std::min(la, lb));
            int r = std::memcmp(keyData[a.index] + skip, keyData[b.index] + skip, std::min(la, lb) - skip);
            if (r != 0) { return r < 0; }
            if (la != lb) { return la < lb; }
        }
        return a.index < b.index;
    };
    // Two halves sorted on two threads, then merged on two threads too: the lower half's middle
    // entry splits both halves (where it would go among the upper half's), and a rotation puts
    // what goes below it first, so that each thread merges one side. The order is total (the input
    // index breaks ties), so the result is the one sorted order whatever the split.
    auto middle = entries.begin() + static_cast<std::ptrdiff_t>(count / 2);
    if (threads > 1 && count >= 10000) {
        std::thread upper([&] { std::sort(middle, entries.end(), less); });
        std::sort(entries.begin(), middle, less);
        upper.join();
        auto lowerSplit = entries.begin() + static_cast<std::ptrdiff_t>(count / 4);
        auto upperSplit = std::lower_bound(middle, entries.end(), *lowerSplit, less);
        // [begin, lowerSplit) [lowerSplit, middle) [middle, upperSplit) [upperSplit, end) becomes
        // [begin, lowerSplit) [middle, upperSplit) [lowerSplit, middle) [upperSplit, end).
        auto split = std::rotate(lowerSplit, middle, upperSplit);
        std::thread above([&] { std::inplace_merge(split, split + (middle - lowerSplit), entries.end(), less); });
        std::inplace_merge(entries.begin(), lowerSplit, split, less);
        above.join();
    } else {
        std::sort(entries.begin(), entries.end(), less);
    }
    for (int64_t k = 0; k < count; ++k) { order[k] = entries[k].index; }
    std::vector<Entry>().swap(entries);
    if (progress != nullptr) { progress(progressContext, 0.95); }
    // 3. Buckets: a merge pass of the sorted primary keys against the sorted boundaries, in one
    //    slice of the sorted rows per thread (each slice starts its walk of the few boundaries
    //    from the first). The keys are read in sorted order, each a cache miss or two (its
    //    pointer and length, then its bytes): they are asked for some rows ahead, so that the
    //    misses overlap.
    auto bucketSlice = [&](int64_t begin, int64_t end) {
        constexpr int64_t ahead = 16;
        size_t next = 0;  // boundaries[next] is the first boundary above the current key
        for (int64_t k = begin; k < end; ++k) {
            if (k + 2 * ahead < end) {
                __builtin_prefetch(&keyData[order[k + 2 * ahead]]);
                __builtin_prefetch(&keyLength[order[k + 2 * ahead]]);
            }
            if (k + ahead < end) { __builtin_prefetch(keyData[order[k + ahead]]); }
            int32_t i = order[k];
            std::string_view key(keyData[i], primaryLength(keyData[i], keyLength[i]));
            while (next < c->boundaries.size()) {
                const PrimaryKey &b = c->boundaries[next];
                int r = std::memcmp(b.data(), key.data(), std::min(b.size(), key.size()));
                bool boundaryAtOrBelow = r != 0 ? r < 0 : b.size() <= key.size();
                if (!boundaryAtOrBelow) { break; }
                ++next;
            }
            buckets[k] = c->visibleIndex[next];
        }
    };
    if (threads > 1 && count >= 10000) {
        std::thread upper(bucketSlice, count / 2, count);
        bucketSlice(0, count / 2);
        upper.join();
    } else {
        bucketSlice(0, count);
    }
    if (progress != nullptr) { progress(progressContext, 1.0); }
    return 0;
}

}  // extern "C"
