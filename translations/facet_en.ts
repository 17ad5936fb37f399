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
