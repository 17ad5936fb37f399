<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>AttachmentStrip</name>
    <message numerus="yes">
        <source>%n image(s), %L1 image tokens</source>
        <translation>
            <numerusform>%n image, %L1 image tokens</numerusform>
            <numerusform>%n images, %L1 image tokens</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CompareColumn</name>
    <message numerus="yes">
        <source>%n word(s) differ from the baseline</source>
        <translation>
            <numerusform>%n word differs from the baseline</numerusform>
            <numerusform>%n words differ from the baseline</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CompareView</name>
    <message numerus="yes">
        <source>Comparing %n detail level(s), one after another…</source>
        <translation>
            <numerusform>Comparing %n detail level, one after another…</numerusform>
            <numerusform>Comparing %n detail levels, one after another…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ImagePickerDialog</name>
    <message numerus="yes">
        <source>Attach %n image(s)</source>
        <translation>
            <numerusform>Attach %n image</numerusform>
            <numerusform>Attach %n images</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of %1 image(s) selected</source>
        <translation>
            <numerusform>%n of %1 images selected</numerusform>
            <numerusform>%n of %1 images selected</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReplaceDraftDialog</name>
    <message numerus="yes">
        <source>The message box holds your text and %n image(s).</source>
        <translation>
            <numerusform>The message box holds your text and %n image.</numerusform>
            <numerusform>The message box holds your text and %n images.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The message box holds %n image(s).</source>
        <translation>
            <numerusform>The message box holds %n image.</numerusform>
            <numerusform>The message box holds %n images.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReplyStats</name>
    <message numerus="yes">
        <source>%n image(s) not encoded again</source>
        <translation>
            <numerusform>%n image not encoded again</numerusform>
            <numerusform>%n images not encoded again</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ServerDialog</name>
    <message numerus="yes">
        <source>%n model(s) served · %1 ms round trip</source>
        <translation>
            <numerusform>%n model served · %1 ms round trip</numerusform>
            <numerusform>%n models served · %1 ms round trip</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SweepDialog</name>
    <message numerus="yes">
        <source>Add %n image(s)</source>
        <translation>
            <numerusform>Add %n image</numerusform>
            <numerusform>Add %n images</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>facet::ui::ConversationLibrary</name>
    <message numerus="yes">
        <source>Exported to %1 (%n image(s) beside it)</source>
        <translation>
            <numerusform>Exported to %1 (%n image beside it)</numerusform>
            <numerusform>Exported to %1 (%n images beside it)</numerusform>
        </translation>
    </message>
</context>
</TS>
