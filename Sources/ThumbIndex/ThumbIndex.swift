// ThumbIndex: locale-correct sectioned listings and filter-as-you-type search.
