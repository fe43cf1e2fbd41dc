// ICU's own icu::AlphabeticIndex, used as it is: the reference for tests and benchmarks.
#include "BridgeInternal.hpp"
#include "TIOracle.h"

#include <unicode/alphaindex.h>
#include <unicode/coll.h>

#include <memory>
#include <vector>

struct TIOracleIndex {
    std::unique_ptr<icu::AlphabeticIndex::ImmutableIndex> index;
    std::vector<std::string> labels;
    std::vector<int32_t> types;
    std::unique_ptr<icu::Collator> collator;  // a plain full-strength collator for the locale
};

namespace {

std::unique_ptr<icu::AlphabeticIndex> makeIndex(const char *locale, int32_t addLatin, TIStatus *status) {
    std::string name = ti::canonicalLocale(locale, status);
    if (name.empty()) { return nullptr; }
    UErrorCode error = U_ZERO_ERROR;
    auto index = std::make_unique<icu::AlphabeticIndex>(icu::Locale(name.c_str()), error);
    if (addLatin) { index->addLabels(icu::Locale::getEnglish(), error); }
    if (ti::failed(error, status, "AlphabeticIndex")) { return nullptr; }
    return index;
}

}  // namespace

extern "C" {

TIOracleIndex *ti_oracle_open(const char *locale, int32_t addLatin, TIStatus *status) {
    ti::setStatus(status, 0, "");
    auto index = makeIndex(locale, addLatin, status);
    if (!index) { return nullptr; }
    UErrorCode error = U_ZERO_ERROR;
    auto oracle = std::make_unique<TIOracleIndex>();
    oracle->index.reset(index->buildImmutableIndex(error));
    if (ti::failed(error, status, "buildImmutableIndex")) { return nullptr; }
    oracle->collator.reset(icu::Collator::createInstance(icu::Locale(ti::canonicalLocale(locale, status).c_str()), error));
    if (ti::failed(error, status, "Collator::createInstance")) { return nullptr; }
    for (int32_t i = 0; i < oracle->index->getBucketCount(); ++i) {
        const icu::AlphabeticIndex::Bucket *bucket = oracle->index->getBucket(i);
        oracle->labels.push_back(ti::toUTF8(bucket->getLabel()));
        oracle->types.push_back(bucket->getLabelType());
    }
    return oracle.release();
}

void ti_oracle_close(TIOracleIndex *index) { delete index; }
int32_t ti_oracle_label_count(const TIOracleIndex *index) { return static_cast<int32_t>(index->labels.size()); }
const char *ti_oracle_label(const TIOracleIndex *index, int32_t i) { return index->labels[i].c_str(); }
int32_t ti_oracle_label_type(const TIOracleIndex *index, int32_t i) { return index->types[i]; }

int32_t ti_oracle_bucket(const TIOracleIndex *index, const char *utf8, int32_t length) {
    icu::UnicodeString s;
    if (!ti::fromUTF8(utf8, length, s)) { return -1; }
    UErrorCode error = U_ZERO_ERROR;
    int32_t bucket = index->index->getBucketIndex(s, error);
    return U_SUCCESS(error) ? bucket : -1;
}

int32_t ti_oracle_compare(const TIOracleIndex *index, const char *a, int32_t aLength, const char *b,
                          int32_t bLength) {
    icu::UnicodeString ua, ub;
    ti::fromUTF8(a, aLength, ua);
    ti::fromUTF8(b, bLength, ub);
    UErrorCode error = U_ZERO_ERROR;
    return index->collator->compare(ua, ub, error);
}

int64_t ti_oracle_bucket_records(const char *locale, int32_t addLatin, const char *bytes,
                                 const int64_t *offsets, int64_t count, int32_t *order,
                                 int32_t *buckets, TIStatus *status) {
    ti::setStatus(status, 0, "");
    auto index = makeIndex(locale, addLatin, status);
    if (!index) { return -1; }
    UErrorCode error = U_ZERO_ERROR;
    icu::UnicodeString s;
    for (int64_t i = 0; i < count; ++i) {
        if (!ti::fromUTF8(bytes + offsets[i], static_cast<int32_t>(offsets[i + 1] - offsets[i]), s)) {
            ti::setStatus(status, TI_ERROR_INVALID_UTF8, "invalid UTF-8 in item " + std::to_string(i));
            return -1;
        }
        // The record's data pointer carries its input index.
        index->addRecord(s, reinterpret_cast<const void *>(static_cast<intptr_t>(i)), error);
    }
    int64_t written = 0;
    int32_t bucket = 0;
    index->resetBucketIterator(error);
    while (index->nextBucket(error)) {
        while (index->nextRecord(error)) {
            order[written] = static_cast<int32_t>(reinterpret_cast<intptr_t>(index->getRecordData()));
            buckets[written] = bucket;
            ++written;
        }
        ++bucket;
    }
    if (ti::failed(error, status, "AlphabeticIndex records")) { return -1; }
    return written;
}

}  // extern "C"
