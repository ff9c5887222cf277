package export

// The OTLP/HTTP logs request, encoded by hand with the wire primitives of
// wire.go: the collector's pdata would link packages whose init runs in
// every hook process (see docs/DECISIONS.md, OpenTelemetry export). Field numbers are
// those of opentelemetry-proto (github.com/open-telemetry/opentelemetry-proto,
// opentelemetry/proto/collector/logs/v1/logs_service.proto,
// logs/v1/logs.proto, common/v1/common.proto, resource/v1/resource.proto),
// checked against the decoder pdata generates from them; the tests decode
// every request with pdata.
const (
	// ExportLogsServiceRequest (the same message on the wire as LogsData).
	fRequestResourceLogs wireNumber = 1
	// ResourceLogs.
	fResourceLogsResource  wireNumber = 1
	fResourceLogsScopeLogs wireNumber = 2
	// Resource.
	fResourceAttributes wireNumber = 1
	// ScopeLogs.
	fScopeLogsScope      wireNumber = 1
	fScopeLogsLogRecords wireNumber = 2
	// InstrumentationScope (guard sets no version).
	fScopeName wireNumber = 1
	// LogRecord.
	fLogTime           wireNumber = 1  // fixed64 time_unix_nano
	fLogSeverityNumber wireNumber = 2  // enum SeverityNumber
	fLogSeverityText   wireNumber = 3  // string
	fLogBody           wireNumber = 5  // AnyValue
	fLogAttributes     wireNumber = 6  // repeated KeyValue
	fLogObservedTime   wireNumber = 11 // fixed64 observed_time_unix_nano
	fLogEventName      wireNumber = 12 // string
	// KeyValue.
	fKeyValueKey   wireNumber = 1
	fKeyValueValue wireNumber = 2
	// AnyValue (a oneof).
	fAnyString wireNumber = 1
	fAnyInt    wireNumber = 3
	fAnyArray  wireNumber = 5
	// ArrayValue.
	fArrayValues wireNumber = 1
)

// SeverityNumber values (logs.proto).
const (
	severityInfo  = 9
	severityWarn  = 13
	severityError = 17
)

// appendStringField appends string field n, left out when empty as proto3 does.
func appendStringField(b []byte, n wireNumber, s string) []byte {
	if s == "" {
		return b
	}
	b = appendTag(b, n, bytesType)
	return appendString(b, s)
}

// appendFixed64Field appends fixed64 field n, left out when zero.
func appendFixed64Field(b []byte, n wireNumber, v uint64) []byte {
	if v == 0 {
		return b
	}
	b = appendTag(b, n, fixed64Type)
	return appendFixed64(b, v)
}

// appendVarintField appends varint field n, left out when zero.
func appendVarintField(b []byte, n wireNumber, v uint64) []byte {
	if v == 0 {
		return b
	}
	b = appendTag(b, n, varintType)
	return appendVarint(b, v)
}

// sizeLen is the size of a length-delimited field n holding size bytes.
func sizeLen(n wireNumber, size int) int {
	return sizeTag(n) + sizeBytes(size)
}

// appendLen appends the tag and length of a length-delimited field n of
// size bytes; its content follows.
func appendLen(b []byte, n wireNumber, size int) []byte {
	b = appendTag(b, n, bytesType)
	return appendVarint(b, uint64(size))
}

// sizeAnyString is the size of an AnyValue holding string s. An empty
// string is still set (the oneof's case is what tells it from no value).
func sizeAnyString(s string) int { return sizeLen(fAnyString, len(s)) }

// appendAnyString appends the content of an AnyValue holding string s.
func appendAnyString(b []byte, s string) []byte {
	b = appendTag(b, fAnyString, bytesType)
	return appendString(b, s)
}

// appendStrAttr appends the KeyValue k = string v as field n.
func appendStrAttr(b []byte, n wireNumber, k, v string) []byte {
	anyLen := sizeAnyString(v)
	b = appendLen(b, n, sizeLen(fKeyValueKey, len(k))+sizeLen(fKeyValueValue, anyLen))
	b = appendTag(b, fKeyValueKey, bytesType)
	b = appendString(b, k)
	b = appendLen(b, fKeyValueValue, anyLen)
	return appendAnyString(b, v)
}

// appendIntAttr appends the KeyValue k = int v as field n.
func appendIntAttr(b []byte, n wireNumber, k string, v int64) []byte {
	anyLen := sizeTag(fAnyInt) + sizeVarint(uint64(v))
	b = appendLen(b, n, sizeLen(fKeyValueKey, len(k))+sizeLen(fKeyValueValue, anyLen))
	b = appendTag(b, fKeyValueKey, bytesType)
	b = appendString(b, k)
	b = appendLen(b, fKeyValueValue, anyLen)
	b = appendTag(b, fAnyInt, varintType)
	return appendVarint(b, uint64(v))
}

// appendStrSliceAttr appends the KeyValue k = array of strings vs as
// field n.
func appendStrSliceAttr(b []byte, n wireNumber, k string, vs []string) []byte {
	arrLen := 0
	for _, v := range vs {
		arrLen += sizeLen(fArrayValues, sizeAnyString(v))
	}
	anyLen := sizeLen(fAnyArray, arrLen)
	b = appendLen(b, n, sizeLen(fKeyValueKey, len(k))+sizeLen(fKeyValueValue, anyLen))
	b = appendTag(b, fKeyValueKey, bytesType)
	b = appendString(b, k)
	b = appendLen(b, fKeyValueValue, anyLen)
	b = appendLen(b, fAnyArray, arrLen)
	for _, v := range vs {
		b = appendLen(b, fArrayValues, sizeAnyString(v))
		b = appendAnyString(b, v)
	}
	return b
}

// logHeader is what every log record starts with.
type logHeader struct {
	time, observed uint64 // Unix nanoseconds
	severity       uint64 // SeverityNumber
	severityText   string
	eventName      string
	body           string // a string AnyValue
}

// appendHeader appends h's fields of a LogRecord.
func appendHeader(b []byte, h logHeader) []byte {
	b = appendFixed64Field(b, fLogTime, h.time)
	b = appendVarintField(b, fLogSeverityNumber, h.severity)
	b = appendStringField(b, fLogSeverityText, h.severityText)
	b = appendLen(b, fLogBody, sizeAnyString(h.body))
	b = appendAnyString(b, h.body)
	b = appendFixed64Field(b, fLogObservedTime, h.observed)
	return appendStringField(b, fLogEventName, h.eventName)
}

// encodeResource returns the content of a Resource with the string
// attributes res, in the order of keys.
func encodeResource(keys []string, res map[string]string) []byte {
	var b []byte
	for _, k := range keys {
		b = appendStrAttr(b, fResourceAttributes, k, res[k])
	}
	return b
}

// requestHeader returns what an ExportLogsServiceRequest of one
// ResourceLogs whose Resource content is resource, with one ScopeLogs of
// the scope ScopeName, holds before its LogRecords fields, recordsLen bytes
// (tags, lengths and contents).
func requestHeader(resource []byte, recordsLen int) []byte {
	scope := appendStringField(nil, fScopeName, ScopeName)
	scopeLogs := sizeLen(fScopeLogsScope, len(scope)) + recordsLen
	rl := sizeLen(fResourceLogsResource, len(resource)) + sizeLen(fResourceLogsScopeLogs, scopeLogs)
	b := make([]byte, 0, maxHeader(resource))
	b = appendLen(b, fRequestResourceLogs, rl)
	b = appendLen(b, fResourceLogsResource, len(resource))
	b = append(b, resource...)
	b = appendLen(b, fResourceLogsScopeLogs, scopeLogs)
	b = appendLen(b, fScopeLogsScope, len(scope))
	return append(b, scope...)
}

// maxHeader bounds the size of requestHeader's result: five tags and
// lengths of at most 10 bytes each, the resource and the scope's name.
func maxHeader(resource []byte) int { return len(resource) + len(ScopeName) + 5*(1+10) }
