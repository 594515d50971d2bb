// A Sourcery template that only ends in `.swift`: not Swift, and no adapter needs it.
{% for type in types.implementing.AutoDisplay %}
extension {{ type.name }}: RowDisplay {
    {% for variable in type.storedVariables|!annotated:"skip" %}
    public func {{ variable.name }}() -> String { "\({{ variable.name }})" }
    {% endfor %}
}
{% endfor %}
