package export

import (
	"google.golang.org/protobuf/encoding/protowire"
)

// The OTLP/HTTP logs request, encoded by hand with protowire: the
// collector's pdata would link packages whose init runs in every hook
// process (see docs/DECISIONS.md, OpenTelemetry export). Field numbers are
// those of opentelemetry-proto (github.com/open-telemetry/opentelemetry-proto,
// opentelemetry/proto/collector/logs/v1/logs_service.proto,
// logs/v1/logs.proto, common/v1/common.proto, resource/v1/resource.proto),
// checked against the decoder pdata generates from them; the tests decode
// every request with pdata.
const (
	// ExportLogsServiceRequest (the same message on the wire as LogsData).
	fRequestResourceLogs protowire.Number = 1
	// ResourceLogs.
	fResourceLogsResource  protowire.Number = 1
	fResourceLogsScopeLogs protowire.Number = 2
	// Resource.
	fResourceAttributes protowire.Number = 1
	// ScopeLogs.
	fScopeLogsScope      protowire.Number = 1
	fScopeLogsLogRecords protowire.Number = 2
	// InstrumentationScope (guard sets no version).
	fScopeName protowire.Number = 1
	// LogRecord.
	fLogTime           protowire.Number = 1  // fixed64 time_unix_nano
	fLogSeverityNumber protowire.Number = 2  // enum SeverityNumber
	fLogSeverityText   protowire.Number = 3  // string
	fLogBody           protowire.Number = 5  // AnyValue
	fLogAttributes     protowire.Number = 6  // repeated KeyValue
	fLogObservedTime   protowire.Number = 11 // fixed64 observed_time_unix_nano
	fLogEventName      protowire.Number = 12 // string
	// KeyValue.
	fKeyValueKey   protowire.Number = 1
	fKeyValueValue protowire.Number = 2
	// AnyValue (a oneof).
	fAnyString protowire.Number = 1
	fAnyInt    protowire.Number = 3
	fAnyArray  protowire.Number = 5
	// ArrayValue.
	fArrayValues protowire.Number = 1
)

// SeverityNumber values (logs.proto).
const (
	severityInfo  = 9
	severityWarn  = 13
	severityError = 17
)

// appendString appends string field n, left out when empty as proto3 does.
func appendString(b []byte, n protowire.Number, s string) []byte {
	if s == "" {
		return b
	}
	b = protowire.AppendTag(b, n, protowire.BytesType)
	return protowire.AppendString(b, s)
}

// appendFixed64 appends fixed64 field n, left out when zero.
func appendFixed64(b []byte, n protowire.Number, v uint64) []byte {
	if v == 0 {
		return b
	}
	b = protowire.AppendTag(b, n, protowire.Fixed64Type)
	return protowire.AppendFixed64(b, v)
}

// appendVarint appends varint field n, left out when zero.
func appendVarint(b []byte, n protowire.Number, v uint64) []byte {
	if v == 0 {
		return b
	}
	b = protowire.AppendTag(b, n, protowire.VarintType)
	return protowire.AppendVarint(b, v)
}

// sizeLen is the size of a length-delimited field n holding size bytes.
func sizeLen(n protowire.Number, size int) int {
	return protowire.SizeTag(n) + protowire.SizeBytes(size)
}

// appendLen appends the tag and length of a length-delimited field n of
// size bytes; its content follows.
func appendLen(b []byte, n protowire.Number, size int) []byte {
	b = protowire.AppendTag(b, n, protowire.BytesType)
	return protowire.AppendVarint(b, uint64(size))
}

// sizeAnyString is the size of an AnyValue holding string s. An empty
// string is still set (the oneof's case is what tells it from no value).
func sizeAnyString(s string) int { return sizeLen(fAnyString, len(s)) }

// appendAnyString appends the content of an AnyValue holding string s.
func appendAnyString(b []byte, s string) []byte {
	b = protowire.AppendTag(b, fAnyString, protowire.BytesType)
	return protowire.AppendString(b, s)
}

// appendStrAttr appends the KeyValue k = string v as field n.
func appendStrAttr(b []byte, n protowire.Number, k, v string) []byte {
	anyLen := sizeAnyString(v)
	b = appendLen(b, n, sizeLen(fKeyValueKey, len(k))+sizeLen(fKeyValueValue, anyLen))
	b = protowire.AppendTag(b, fKeyValueKey, protowire.BytesType)
	b = protowire.AppendString(b, k)
	b = appendLen(b, fKeyValueValue, anyLen)
	return appendAnyString(b, v)
}

// appendIntAttr appends the KeyValue k = int v as field n.
func appendIntAttr(b []byte, n protowire.Number, k string, v int64) []byte {
	anyLen := protowire.SizeTag(fAnyInt) + protowire.SizeVarint(uint64(v))
	b = appendLen(b, n, sizeLen(fKeyValueKey, len(k))+sizeLen(fKeyValueValue, anyLen))
	b = protowire.AppendTag(b, fKeyValueKey, protowire.BytesType)
	b = protowire.AppendString(b, k)
	b = appendLen(b, fKeyValueValue, anyLen)
	b = protowire.AppendTag(b, fAnyInt, protowire.VarintType)
	return protowire.AppendVarint(b, uint64(v))
}

// appendStrSliceAttr appends the KeyValue k = array of strings vs as
// field n.
func appendStrSliceAttr(b []byte, n protowire.Number, k string, vs []string) []byte {
	arrLen := 0
	for _, v := range vs {
		arrLen += sizeLen(fArrayValues, sizeAnyString(v))
	}
	anyLen := sizeLen(fAnyArray, arrLen)
	b = appendLen(b, n, sizeLen(fKeyValueKey, len(k))+sizeLen(fKeyValueValue, anyLen))
	b = protowire.AppendTag(b, fKeyValueKey, protowire.BytesType)
	b = protowire.AppendString(b, k)
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
	b = appendFixed64(b, fLogTime, h.time)
	b = appendVarint(b, fLogSeverityNumber, h.severity)
	b = appendString(b, fLogSeverityText, h.severityText)
	b = appendLen(b, fLogBody, sizeAnyString(h.body))
	b = appendAnyString(b, h.body)
	b = appendFixed64(b, fLogObservedTime, h.observed)
	return appendString(b, fLogEventName, h.eventName)
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

// encodeRequest returns the ExportLogsServiceRequest of one ResourceLogs
// whose Resource content is resource, with one ScopeLogs of the scope
// ScopeName whose LogRecords fields (tags, lengths and contents) are
// records.
func encodeRequest(resource, records []byte) []byte {
	scope := appendString(nil, fScopeName, ScopeName)
	scopeLogs := sizeLen(fScopeLogsScope, len(scope)) + len(records)
	rl := sizeLen(fResourceLogsResource, len(resource)) + sizeLen(fResourceLogsScopeLogs, scopeLogs)
	b := make([]byte, 0, sizeLen(fRequestResourceLogs, rl))
	b = appendLen(b, fRequestResourceLogs, rl)
	b = appendLen(b, fResourceLogsResource, len(resource))
	b = append(b, resource...)
	b = appendLen(b, fResourceLogsScopeLogs, scopeLogs)
	b = appendLen(b, fScopeLogsScope, len(scope))
	b = append(b, scope...)
	return append(b, records...)
}
