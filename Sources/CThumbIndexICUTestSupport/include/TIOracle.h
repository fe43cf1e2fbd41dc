#ifndef TI_ORACLE_H
#define TI_ORACLE_H

// ICU's own icu::AlphabeticIndex, unchanged: the reference that tests and benchmarks hold
// ThumbIndex against. Not used by the library itself. Plain C: no ICU header may appear here.

#include "TIStatus.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct TIOracleIndex TIOracleIndex;

/// An icu::AlphabeticIndex for `locale`, with the English labels added when `addLatinLabels`.
TIOracleIndex *ti_oracle_open(const char *locale, int32_t addLatinLabels, TIStatus *status);
void ti_oracle_close(TIOracleIndex *index);
int32_t ti_oracle_label_count(const TIOracleIndex *index);
/// Label of bucket `i` (NUL-terminated UTF-8) and its UAlphabeticIndexLabelType.
const char *ti_oracle_label(const TIOracleIndex *index, int32_t i);
int32_t ti_oracle_label_type(const TIOracleIndex *index, int32_t i);
/// ImmutableIndex::getBucketIndex of a UTF-8 string.
int32_t ti_oracle_bucket(const TIOracleIndex *index, const char *utf8, int32_t length);

/// icu::Collator::compare of two UTF-8 strings under the locale's full-strength collator: -1, 0, 1.
int32_t ti_oracle_compare(const TIOracleIndex *index, const char *a, int32_t aLength, const char *b,
                          int32_t bLength);

/// The record API as an app would use it: addRecord for every string, then walk the buckets and
/// their records in order. Writes the input index of each record in walk order to `order` and its
/// bucket to `buckets`. Returns the number of records written, or -1.
int64_t ti_oracle_bucket_records(const char *locale, int32_t addLatinLabels, const char *bytes,
                                 const int64_t *offsets, int64_t count, int32_t *order,
                                 int32_t *buckets, TIStatus *status);

#ifdef __cplusplus
}
#endif

#endif
